/// One fetch of a `url` data source (SPEC §2.3): where to go, how long to wait, how long to
/// keep a success.
///
/// Two requests for the same `url` share the cache entry and, while one is in flight, the
/// upstream call (see `UpstreamClient`).
package struct UpstreamRequest: Sendable, Hashable {
    /// The source's name in `sources.json`; the `source` label of the upstream metrics.
    package var source: String
    /// `http://host[:port]/path`, the key already percent-encoded (see `url(template:key:)`).
    package var url: String
    /// The effective timeout: the smaller of the page entry's and the source's `timeoutMs`.
    /// It bounds connect, write and read together.
    package var timeout: Duration
    /// How long a success stays cached (`ttlSeconds`); zero or less caches nothing.
    package var ttl: Duration

    /// A request for `url` on behalf of `source`.
    package init(source: String, url: String, timeout: Duration, ttl: Duration) {
        self.source = source
        self.url = url
        self.timeout = timeout
        self.ttl = ttl
    }
}
