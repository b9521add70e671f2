/// The HTTP versions the server speaks. A request line's `HTTP/1.x` with x > 1 is served as
/// HTTP/1.1 (RFC 9112 §2.3); another major version is a 505, a malformed version a 400.
public enum HTTPVersion: Sendable, Equatable {
    /// `HTTP/1.0`: connections close after each response unless `Connection: keep-alive`.
    case http1_0
    /// `HTTP/1.1` (or a later 1.x): persistent connections by default.
    case http1_1

    /// The version as written on the wire.
    var text: String {
        switch self {
        case .http1_0: "HTTP/1.0"
        case .http1_1: "HTTP/1.1"
        }
    }
}
