/// A response for the server to write.
///
/// The server writes its own fields first (status line, `Date`, `Server`, `X-Request-Id`,
/// `Content-Length` from `body.count`, `Connection` when needed), then `headers`, then
/// `preformattedHeaders` verbatim, then `body` — in one `writev`, without copying the body.
public struct HTTPResponse: Sendable {
    /// The status code, e.g. 200.
    public var status: Int
    /// Fields rendered after the server's own. Don't set `Content-Length` or `Connection`.
    public var headers: HTTPHeaders
    /// Zero or more already-encoded `Name: value\r\n` lines (a cache hit's fixed part).
    public var preformattedHeaders: [UInt8]
    /// The body; dropped by the server for `HEAD`, 1xx, 204 and 304.
    public var body: [UInt8]
    /// Not sent: the machine-readable code of an error answer (`HTTPError.code`), handed to
    /// `HTTPHandler.didRespond` for the access log and metrics.
    public var errorCode: String?
    /// Not sent and never read by the server: what the handler wants back in
    /// `HTTPHandler.didRespond` (its typed record of the answer, for logs and metrics).
    public var annotation: (any Sendable)?

    /// A response with the given status, fields and body.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.preformattedHeaders = []
        self.body = body
        self.errorCode = nil
        self.annotation = nil
    }
}
