/// The rollout headers of a page request (SPEC §4.1): `X-Device-Id`, `X-AB-Variant` and
/// `X-Release`, parsed and checked. Only a bad device id is an error (400 `bad_device_id`);
/// whatever cannot be understood in the other two is ignored.
public struct RolloutRequest: Sendable, Equatable {
    /// The longest device id accepted, in characters.
    public static let maxDeviceIDLength = 128

    /// The stable device id for bucketing, or nil when the request has none.
    public var deviceID: String?
    /// Forced variants by experiment name, from `X-AB-Variant`: every variant the header names
    /// for the experiment, in the header's order. Not yet checked against rollout.json:
    /// `RolloutConfig.assign` takes the first that the experiment declares.
    public var forcedVariants: [String: [String]]
    /// The release forced by `X-Release`, or nil.
    public var forcedRelease: Release?

    public init(deviceID: String? = nil, forcedVariants: [String: [String]] = [:], forcedRelease: Release? = nil) {
        self.deviceID = deviceID
        self.forcedVariants = forcedVariants
        self.forcedRelease = forcedRelease
    }

    /// Parses the three headers as received (nil when absent). Several `X-AB-Variant` fields
    /// may be joined by the caller with ", "; several `X-Device-Id` fields joined that way
    /// contain a space and so are rejected.
    /// - Throws: `RolloutRequestError.badDeviceID` when `X-Device-Id` is present but is not
    ///   1–128 visible ASCII characters (0x21–0x7E).
    public init(deviceIDHeader: String?, variantHeader: String?, releaseHeader: String?) throws(RolloutRequestError) {
        if let deviceIDHeader, !Self.isValidDeviceID(deviceIDHeader) { throw .badDeviceID }
        self.init(
            deviceID: deviceIDHeader,
            forcedVariants: variantHeader.map(Self.forcedVariants(header:)) ?? [:],
            forcedRelease: releaseHeader.flatMap(Release.init(header:))
        )
    }

    /// Whether `id` is 1–128 visible ASCII characters (0x21–0x7E): no spaces, no controls,
    /// nothing outside ASCII. The empty string is not valid.
    public static func isValidDeviceID(_ id: String) -> Bool {
        var id = id
        return id.withUTF8 { bytes in
            (1...maxDeviceIDLength).contains(bytes.count) && bytes.allSatisfy { (0x21...0x7E).contains($0) }
        }
    }

    /// Parses `X-AB-Variant`: comma-separated `experiment=variant` items, with optional spaces
    /// and tabs around items and around either name. Names are case-sensitive. Items without
    /// exactly one `=` or with an empty name are ignored. An experiment named twice keeps both
    /// variants, in order: which one is known is rollout.json's to say (SPEC §3.1 ignores an
    /// unknown entry, so `home-hero=C, home-hero=B` forces B when the experiment has no C).
    public static func forcedVariants(header: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for item in header.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let experiment = trimmed(parts[0]), variant = trimmed(parts[1])
            guard !experiment.isEmpty, !variant.isEmpty else { continue }
            result[experiment, default: []].append(variant)
        }
        return result
    }

    /// `text` without the spaces and tabs (HTTP optional whitespace) around it.
    public static func trimmed(_ text: Substring) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isSpace($0) }),
              let end = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[start...end])
    }
}
