import SystemCalls

/// Why an upstream fetch produced no value. Every case means "no value, not cached"; the
/// distinction only feeds the metrics and the retry of a stale keep-alive connection.
enum UpstreamError: Error, Sendable, Equatable {
    /// The deadline passed during resolve, connect, write or read.
    case timeout
    /// The URL is not `http(s)://host[:port]/path`.
    case unsupportedURL
    /// The host name did not resolve.
    case unresolvable
    /// The connection was refused, reset, or closed before a full response.
    case connection(errno: Int32)
    /// The peer closed the connection before sending anything: on a reused keep-alive
    /// connection this means "stale, retry once on a fresh one".
    case closedBeforeResponse
    /// The response is not valid HTTP/1.1.
    case malformedResponse
    /// The response (head or body) exceeds the client's size limit.
    case tooLarge
    /// A status other than 200.
    case status(Int)
    /// A 200 whose body is not JSON.
    case notJSON
    /// The TLS handshake failed: the certificate chain or host name did not verify, or the
    /// peer does not speak TLS.
    case tls(String)
}

extension UpstreamError {
    /// The event loop refused to watch the socket (`epoll_ctl` failed): a connection failure.
    init(watching error: any Error) {
        self = .connection(errno: (error as? SystemError)?.errno ?? 0)
    }
}
