import HTTPClient
import HTTPServer

/// What an action (SPEC §11) asks of the upstream client: one call with a body, sent once and
/// never again by the client itself, on the pool, resolver and TLS settings the `url` sources
/// use; and the invalidation of a source's cached values.
extension UpstreamClient {
    /// Sends `request` on `loop` (nil: the client's own), bounded by `timeout` from now, name
    /// lookup included; `completion` runs once, on that loop's thread.
    package func send(_ request: ClientRequest, timeout: Duration, on loop: EventLoop? = nil,
                      completion: @escaping @Sendable (Result<ClientResponse, ClientError>) -> Void) {
        guard let loop = loop ?? clientLoop() else { return completion(.failure(.connection(errno: 0))) }
        let deadline = ContinuousClock.now + timeout
        onLoop(loop) { [settings] in
            ClientExchange.start(request, deadline: deadline, on: loop, settings: settings, completion: completion)
        }
    }

    /// Drops the cached values of `source`: all of them, or with `identity` (the SHA-256 of
    /// one user's forwarded values, `ForwardedHeaders.identity`) only that user's.
    func invalidate(source: String, identity: String?) {
        guard let identity else { return cache.remove(source: source) { _ in true } }
        let suffix = " " + identity
        cache.remove(source: source) { $0.hasSuffix(suffix) }
    }
}
