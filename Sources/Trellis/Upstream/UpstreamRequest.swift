import HTTPClient

/// One fetch of a `url` data source (SPEC §2.3, §6.2): where to go, what to send, how long to
/// wait, how long to keep a success, and how the source fails.
///
/// Two requests with the same `cacheKey` share the cache entry and, while one is in flight,
/// the upstream call (see `UpstreamClient`).
package struct UpstreamRequest: Sendable {
    /// The source's name in `sources.json`; the `source` label of the upstream metrics and the
    /// circuit breaker's name.
    package var source: String
    /// `http(s)://host[:port]/path`, the key already percent-encoded (see `url(template:key:)`).
    package var url: String
    /// The effective timeout: the smaller of the page entry's and the source's `timeoutMs`.
    /// It bounds resolve, connect, write and read together.
    package var timeout: Duration
    /// How long a success stays cached (`ttlSeconds`); zero or less caches nothing.
    package var ttl: Duration
    /// Fields sent with the request: forwarded ones, `X-Request-Id`, `traceparent`.
    package var headers: [ClientHeader] = []
    /// What the value is cached and coalesced under: the URL, and for a source that forwards
    /// headers the SHA-256 of the forwarded values too (one user's value is never another's).
    package var cacheKey: String
    /// How long after `ttl` a cached value may stand in for a failed fetch.
    package var staleIfError: Duration = .zero
    /// The source's circuit breaker settings.
    package var breaker = CircuitBreaker.Settings()

    /// A request for `url` on behalf of `source`, cached under the URL.
    package init(source: String, url: String, timeout: Duration, ttl: Duration) {
        self.source = source
        self.url = url
        self.timeout = timeout
        self.ttl = ttl
        cacheKey = url
    }
}
