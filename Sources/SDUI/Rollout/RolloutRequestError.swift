/// A rollout header that makes a request malformed. The app answers it with a 400 and the
/// error's `code`.
public enum RolloutRequestError: Error, Sendable, Equatable {
    /// `X-Device-Id` is empty, longer than 128 characters, or has a character outside
    /// visible ASCII (0x21–0x7E).
    case badDeviceID

    /// The error code of the JSON error body (`bad_device_id`).
    public var code: String {
        switch self {
        case .badDeviceID: "bad_device_id"
        }
    }

    /// A human-readable message for the error body.
    public var message: String {
        switch self {
        case .badDeviceID: "X-Device-Id must be 1 to 128 visible ASCII characters"
        }
    }
}
