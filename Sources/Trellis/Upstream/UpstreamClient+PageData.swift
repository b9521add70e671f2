import SDUI

/// The client behind a page's `url` data entries: each `DataRequest` becomes an upstream GET
/// of its source's URL template with the key percent-encoded, bounded by the entry's
/// effective timeout (`defaultTimeout` when neither the entry nor the source sets one).
///
/// A key that is `.` or `..` is no value, without a call: percent-encoded or not, it would be
/// a dot-segment that moves the URL to another upstream resource (`/users/../cart`), and
/// RFC 3986 normalization equates `%2E` with `.` (SPEC §4.4).
extension UpstreamClient: UpstreamFetching {
    /// The timeout of a url entry whose page entry and source both leave it unset.
    static let defaultTimeout: Duration = .seconds(1)

    func fetchAll(_ requests: [DataRequest], context: PageRequestContext,
                  completion: @escaping @Sendable ([JSONValue?]) -> Void) {
        let calls = requests.map(Self.upstreamRequest)
        fetchAll(calls.compactMap { $0 }) { fetched in
            var values = fetched.makeIterator()
            completion(calls.map { $0 == nil ? nil : values.next()! })
        }
    }

    /// The upstream call for `request`; nil when its key is a dot-segment.
    static func upstreamRequest(_ request: DataRequest) -> UpstreamRequest? {
        guard request.key != ".", request.key != ".." else { return nil }
        var url = ""
        var ttl = 0
        if case .url(let source) = request.kind {
            url = UpstreamRequest.url(template: source.urlTemplate, key: request.key)
            ttl = source.ttlSeconds ?? 0
        }
        return UpstreamRequest(
            source: request.source, url: url,
            timeout: request.timeoutMs.map { .milliseconds($0) } ?? defaultTimeout, ttl: .seconds(ttl))
    }
}
