/// The HTTP versions the server speaks. Anything else on a request line is a 400.
public enum HTTPVersion: Sendable, Equatable {
    /// `HTTP/1.0`: connections close after each response unless `Connection: keep-alive`.
    case http1_0
    /// `HTTP/1.1`: persistent connections by default.
    case http1_1

    /// The version as written on the wire.
    var text: String {
        switch self {
        case .http1_0: "HTTP/1.0"
        case .http1_1: "HTTP/1.1"
        }
    }
}
