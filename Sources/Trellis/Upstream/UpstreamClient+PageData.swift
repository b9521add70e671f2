import HTTPClient
import HTTPServer
import SDUI

/// The client behind a page's `url` data entries: each `DataRequest` becomes an upstream GET
/// of its source's URL template with the key percent-encoded, bounded by the entry's
/// effective timeout (`defaultTimeout` when neither the entry nor the source sets one),
/// carrying the page request's `X-Request-Id`, a child `traceparent` (SPEC §6.3) and the
/// headers the source forwards (SPEC §6.2).
///
/// A key that is `.` or `..` is no value, without a call: percent-encoded or not, it would be
/// a dot-segment that moves the URL to another upstream resource (`/users/../cart`), and
/// RFC 3986 normalization equates `%2E` with `.` (SPEC §4.4).
extension UpstreamClient: UpstreamFetching {
    /// The timeout of a url entry whose page entry and source both leave it unset.
    static let defaultTimeout: Duration = .seconds(1)

    func fetchAll(_ requests: [DataRequest], context: PageRequestContext,
                  completion: @escaping @Sendable ([UpstreamValue?]) -> Void) {
        let calls = requests.map { Self.upstreamRequest($0, context: context) }
        fetchAll(calls.compactMap { $0 }, on: context.eventLoop) { fetched in
            var values = fetched.makeIterator()
            completion(calls.map { $0 == nil ? nil : values.next()! })
        }
    }

    /// The upstream call for `request` on behalf of the page request of `context`; nil when
    /// its key is a dot-segment.
    static func upstreamRequest(_ request: DataRequest, context: PageRequestContext) -> UpstreamRequest? {
        guard request.key != ".", request.key != "..", case .url(let source) = request.kind else { return nil }
        var call = UpstreamRequest(
            source: request.source, url: UpstreamRequest.url(template: source.urlTemplate, key: request.key, query: request.query),
            timeout: request.timeoutMs.map { .milliseconds($0) } ?? defaultTimeout, ttl: .seconds(source.ttlSeconds ?? 0))
        let forwarded = forwardedHeaders(source, of: context.headers)
        call.cacheKey = cacheKey(url: call.url, source: source, forwarded: forwarded)
        call.headers = forwarded + [
            ClientHeader("X-Request-Id", context.requestID),
            ClientHeader("traceparent", context.trace.childTraceparent()),
        ]
        call.staleIfError = .seconds(source.staleIfErrorSeconds)
        call.breaker = CircuitBreaker.Settings(failures: source.breakerFailures, cooldown: .milliseconds(source.breakerCooldownMs))
        return call
    }

    /// The cache key a fetch of `request` (with the forwarded values of `headers`) would use.
    func freshnessToken(_ request: DataRequest, headers: HTTPHeaders) -> String? {
        guard request.key != ".", request.key != "..", case .url(let source) = request.kind else { return nil }
        let url = UpstreamRequest.url(template: source.urlTemplate, key: request.key, query: request.query)
        return Self.cacheKey(url: url, source: source, forwarded: Self.forwardedHeaders(source, of: headers))
    }

    /// Whether the cache holds a fresh value under the key `token` now (nothing is fetched).
    func isFresh(_ token: String) -> Bool {
        cache.isFresh(token, now: now())
    }

    /// The headers `source` forwards, with the values `headers` hold.
    private static func forwardedHeaders(_ source: UpstreamSource, of headers: HTTPHeaders) -> [ClientHeader] {
        source.forwardHeaders.compactMap { name in ForwardedHeaders.value(name, of: headers).map { ClientHeader(name, bytes: $0) } }
    }

    /// A call's cache key: its url, and for a source that forwards headers the identity of
    /// their values, so one user's value is never another's (SPEC §6.2).
    private static func cacheKey(url: String, source: UpstreamSource, forwarded: [ClientHeader]) -> String {
        source.forwardHeaders.isEmpty ? url : url + " " + ForwardedHeaders.identity(forwarded)
    }
}
