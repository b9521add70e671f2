import HTTPServer

/// A request's conditional header fields (RFC 9110 §13.1), as a page answer evaluates them.
struct Preconditions: Sendable {
    /// `If-Match`: strong comparison; a failing one is 412.
    var ifMatch: String?
    /// `If-None-Match`: weak comparison; a matching one is 304.
    var ifNoneMatch: String?

    /// The fields of `headers` (repeated fields joined as one list, RFC 9110 §5.3).
    init(_ headers: HTTPHeaders) {
        ifMatch = headers.combinedValue("If-Match")
        ifNoneMatch = headers.combinedValue("If-None-Match")
    }

    /// No preconditions.
    init() {}
}
