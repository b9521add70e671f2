/// A complete HTTP/1.1 response from an upstream, as `UpstreamResponseParser` parsed it.
struct UpstreamResponse: Sendable {
    /// The status code.
    var status: Int
    /// The body, de-chunked.
    var body: [UInt8]
    /// Whether the connection may carry another request: HTTP/1.1 without
    /// `Connection: close`, a delimited body, and nothing read past the response.
    var keepAlive: Bool
}
