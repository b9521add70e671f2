import HTTPServer

/// A request's conditional header fields (RFC 9110 §13.1), as a page answer evaluates them.
struct Preconditions: Sendable {
    /// `If-Match`: strong comparison; a failing one is 412.
    var ifMatch: String?
    /// `If-None-Match`: weak comparison; a matching one is 304.
    var ifNoneMatch: String?

    /// The fields of `headers` (repeated fields joined as one list, RFC 9110 §5.3).
    init(_ headers: HTTPHeaders) {
        ifMatch = Self.list(headers, "If-Match")
        ifNoneMatch = Self.list(headers, "If-None-Match")
    }

    /// No preconditions.
    init() {}

    private static func list(_ headers: HTTPHeaders, _ name: String) -> String? {
        headers.contains(name) ? headers.values(name).joined(separator: ", ") : nil
    }
}
