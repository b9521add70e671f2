/// What the application plugs into the server.
///
/// `handle` runs on an event-loop thread: answer quickly (synchronously is the fast path) or
/// hand the work elsewhere and call `responder.respond` later from any thread, exactly once.
public protocol HTTPHandler: Sendable {
    /// Answers one request through `responder`, now or later, exactly once.
    func handle(_ request: HTTPRequest, responder: HTTPResponder)
    /// Called after each response (the server's own 4xx/5xx included) is written or failed,
    /// on the thread of event loop `exchange.loop`.
    func didRespond(_ exchange: HTTPExchange)
    /// Called on event loop `loop`'s thread at the end of each of its passes (one `epoll_wait`
    /// and what it dispatched), and once more when the loop stops: the place to hand over
    /// what `didRespond` buffered for that loop (access-log lines), once per pass.
    func didFinishPass(loop: Int)

    /// The server's own answer to a request it rejects itself (a malformed or oversized
    /// request, a timeout), on the thread of the event loop that answers it. `head` is the
    /// request as its head gave it (method, target, fields, the id answered; no body) when
    /// the head was read whole before the failure (a body over `--max-body`, a bad chunk, a
    /// body that stalled, a framing the head itself got wrong): the handler may answer it as it
    /// answers its own refusals of that path (its fields, an `annotation` for `didRespond`)
    /// and add the fields every answer carries (e.g. CORS). Nil when the failure came first (a
    /// malformed or oversized head, a head timeout): no field of it can be read then.
    func response(for error: HTTPError, head: HTTPRequest?) -> HTTPResponse

    /// Offered, on event loop `loop`'s thread, a `GET` or `HEAD` that `handle` answered before
    /// returning with `response`, whose head bytes came before too: what may answer the same
    /// bytes again (`RepeatableAnswer`), or nil for an answer that depends on more than them.
    func repeatable(_ request: HTTPRequest, response: HTTPResponse, loop: Int) -> (any RepeatableAnswer)?
}

extension HTTPHandler {
    /// Does nothing.
    public func didRespond(_ exchange: HTTPExchange) {}
    /// Does nothing.
    public func didFinishPass(loop: Int) {}

    /// Nil: every request is handled.
    public func repeatable(_ request: HTTPRequest, response: HTTPResponse, loop: Int) -> (any RepeatableAnswer)? { nil }

    /// `error.response`, unchanged.
    public func response(for error: HTTPError, head: HTTPRequest?) -> HTTPResponse { error.response }
}

/// The record of one answered request, for access logs and metrics.
public struct HTTPExchange: Sendable {
    /// The request's id (as answered in `X-Request-Id`: the client's own when valid, the
    /// server's own error answers included once the head was read whole).
    public var requestID: String
    /// The request method (`-` when the request line could not be read).
    public var method: String
    /// The request path (`-` when the request line could not be read).
    public var path: String
    /// The status sent.
    public var status: Int
    /// Body bytes sent (0 for HEAD).
    public var bodyBytes: Int
    /// From the complete request to the response written (or failed), in nanoseconds (as the
    /// loop's clock measures it: what logs and metrics read without a `Duration`'s arithmetic).
    public var nanoseconds: Int64
    /// From the complete request to the response written (or failed).
    public var duration: Duration {
        get { .nanoseconds(nanoseconds) }
        set { nanoseconds = MonotonicInstant.nanoseconds(newValue) }
    }
    /// The response's `errorCode` (nil for an answer that is not an error, and for a request
    /// that got no answer).
    public var errorCode: String?
    /// The response's `annotation`, as the handler set it.
    public var annotation: (any Sendable)?
    /// Whether the whole response reached the socket.
    public var written: Bool
    /// The index of the event loop that answered (0 ..< `eventLoops`); `didRespond` runs on it.
    public var loop: Int
    /// The peer's address (`203.0.113.7`, `2001:db8::1`; `-` when unknown), read once per connection.
    public var remoteAddress: String
    /// The request's header fields, for the access log (none for the server's own error
    /// answers). Once `didRespond` returns, their storage serves a later request of the
    /// connection: a handler that keeps a copy makes the server allocate anew.
    public var requestHeaders: HTTPHeaders
}
