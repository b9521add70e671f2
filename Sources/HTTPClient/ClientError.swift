import SystemCalls

/// Why a request got no response. The distinction feeds the caller's metrics and logs, and
/// the client's own retry of a GET on a stale keep-alive connection.
package enum ClientError: Error, Sendable, Equatable {
    /// The deadline passed during resolve, connect, write or read.
    case timeout
    /// The URL is not `http(s)://host[:port]/path`.
    case unsupportedURL
    /// The host name did not resolve.
    case unresolvable
    /// The connection was refused, reset, or closed before a full response.
    case connection(errno: Int32)
    /// The peer closed the connection before sending anything: on a reused keep-alive
    /// connection this means "stale" (a GET or HEAD goes again, once, on a fresh one).
    case closedBeforeResponse
    /// On a reused keep-alive connection, more followed the response at once: the server sent
    /// a response nobody asked for, so which one is this request's can't be told (a GET or HEAD
    /// goes again, once, on a fresh connection).
    case unsolicitedResponse
    /// The response is not valid HTTP/1.1.
    case malformedResponse
    /// The response (head or body) exceeds the client's size limit.
    case tooLarge
    /// The TLS handshake failed: the certificate chain or host name did not verify, or the
    /// peer does not speak TLS.
    case tls(String)
}

extension ClientError {
    /// The event loop refused to watch the socket (`epoll_ctl` failed): a connection failure.
    init(watching error: any Error) {
        self = .connection(errno: (error as? SystemError)?.errno ?? 0)
    }
}
