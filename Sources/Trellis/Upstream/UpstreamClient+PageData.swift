import SDUI

/// The client behind a page's `url` data entries: each `DataRequest` becomes an upstream GET
/// of its source's URL template with the key percent-encoded, bounded by the entry's
/// effective timeout (`defaultTimeout` when neither the entry nor the source sets one).
extension UpstreamClient: UpstreamFetching {
    /// The timeout of a url entry whose page entry and source both leave it unset.
    static let defaultTimeout: Duration = .seconds(1)

    func fetchAll(_ requests: [DataRequest], completion: @escaping @Sendable ([JSONValue?]) -> Void) {
        fetchAll(requests.map(Self.upstreamRequest), completion: completion)
    }

    static func upstreamRequest(_ request: DataRequest) -> UpstreamRequest {
        var url = ""
        var ttl = 0
        if case .url(let template, let ttlSeconds) = request.kind {
            url = UpstreamRequest.url(template: template, key: request.key)
            ttl = ttlSeconds ?? 0
        }
        return UpstreamRequest(
            source: request.source, url: url,
            timeout: request.timeoutMs.map { .milliseconds($0) } ?? defaultTimeout, ttl: .seconds(ttl))
    }

    /// How long a page assembled from `requests` may be cached: until the shortest `ttlSeconds`
    /// of its url sources (nil: no url source, cache until reload; zero: do not keep it).
    static func pageLifetime(_ requests: [DataRequest]) -> Duration? {
        let ttls = requests.compactMap { request -> Int? in
            if case .url(_, let ttl) = request.kind { return ttl ?? 0 }
            return nil
        }
        return ttls.min().map { .seconds($0) }
    }
}
