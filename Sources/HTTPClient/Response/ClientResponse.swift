/// A complete HTTP/1.1 response, as `ResponseParser` parsed it.
package struct ClientResponse: Sendable {
    /// The status code.
    package var status: Int
    /// The body, de-chunked.
    package var body: [UInt8]
    /// Whether the connection may carry another request: HTTP/1.1 without
    /// `Connection: close`, a delimited body, and nothing read past the response.
    package var keepAlive: Bool
}
