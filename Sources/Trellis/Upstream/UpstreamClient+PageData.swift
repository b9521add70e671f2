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
    /// of its url sources (nil: no url source, cache until reload), and not at all (zero) when a
    /// url source gave no value, so the next request asks the upstream again.
    static func pageLifetime(_ requests: [DataRequest], data: PageData) -> Duration? {
        let missing = Set(data.missingRequired + data.missingOptional)
        var shortest: Int?
        for request in requests {
            guard case .url(_, let ttl) = request.kind else { continue }
            if missing.contains(request.entry) { return .zero }
            shortest = min(shortest ?? Int.max, ttl ?? 0)
        }
        return shortest.map { .seconds($0) }
    }
}
