/// The size limits the parser enforces, all inclusive (a value exactly at the limit passes);
/// by default those of `HTTPServer.Configuration`.
struct RequestLimits: Sendable, Equatable {
    private typealias Defaults = HTTPServer.Configuration.Defaults

    /// Longest request line, without its CRLF (414 beyond).
    var maxRequestLine = Defaults.maxRequestLine
    /// Largest header section: the field lines with their CRLFs, without the request line
    /// and the final empty line (431 beyond). Also the budget of a chunked body's framing
    /// (`ChunkedDecoder`).
    var maxHeaderBytes = Defaults.maxHeaderBytes
    /// Most header fields (431 beyond).
    var maxHeaderCount = Defaults.maxHeaderCount
    /// Largest body, declared or decoded (413 beyond).
    var maxBody = Defaults.maxBody
}
