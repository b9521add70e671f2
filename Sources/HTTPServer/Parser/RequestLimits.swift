/// The size limits the parser enforces, all inclusive (a value exactly at the limit passes).
struct RequestLimits: Sendable, Equatable {
    /// Longest request line, without its CRLF (414 beyond).
    var maxRequestLine = 8192
    /// Largest header section: the field lines with their CRLFs, without the request line
    /// and the final empty line (431 beyond). Also the budget of a chunked body's framing
    /// (`ChunkedDecoder`).
    var maxHeaderBytes = 32768
    /// Most header fields (431 beyond).
    var maxHeaderCount = 100
    /// Largest body, declared or decoded (413 beyond).
    var maxBody = 1_048_576
}
