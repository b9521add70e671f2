import HTTPServer
import SDUI

/// Fetches a page's data entries (SPEC §2.3) in two parts: `start` answers at once what it can
/// (`file` sources from the loaded Pages version), `fetch` the `url` sources left, from their
/// upstreams concurrently.
struct PageDataLoader: Sendable {
    /// Fetches `url` sources; nil means none are reachable (every url entry has no value).
    let upstream: (any UpstreamFetching)?

    /// How far `start` got with a page's data.
    enum Loading {
        /// Every entry is answered: no url source, or none reachable.
        case loaded(PageData)
        /// The file entries are answered in `local`; the url sources `remote` are left to
        /// `fetch` from `upstream`.
        case fetching(local: PageData, remote: [DataRequest], upstream: any UpstreamFetching)
    }

    /// The synchronous part of loading `requests`: the `file` entries (and the url entries when
    /// no upstream is reachable), with no closure, so a page of file sources only is assembled
    /// in place.
    func start(_ requests: [DataRequest], site: Site) -> Loading {
        // One table of the right size, not one regrown per entry.
        var data = PageData(values: Dictionary(minimumCapacity: requests.count))
        for request in requests where !isRemote(request) {
            Self.record(request.keyMissing ? nil : site.fileValue(source: request.source, key: request.key), for: request, in: &data)
        }
        guard let upstream else {
            // No upstream to ask: the url entries have no value, recorded after the file entries
            // as a fetch records them, with no list of them made.
            for request in requests where isRemote(request) { Self.record(nil, for: request, in: &data) }
            return .loaded(data)
        }
        let remote = requests.filter(isRemote)
        guard !remote.isEmpty else { return .loaded(data) }
        return .fetching(local: data, remote: remote, upstream: upstream)
    }

    /// Whether `request` is a url source's to fetch (its key is known).
    private func isRemote(_ request: DataRequest) -> Bool {
        guard case .url = request.kind else { return false }
        return !request.keyMissing
    }

    /// The asynchronous part of loading: fetches the url sources `remote` from `upstream` for the
    /// request of `context` (whose headers and trace they carry on) and completes with `local`
    /// and their values.
    static func fetch(_ remote: [DataRequest], from upstream: any UpstreamFetching, into local: PageData,
                      context: PageRequestContext, completion: @escaping @Sendable (PageData) -> Void) {
        upstream.fetchAll(remote, context: context) { values in
            var data = local
            for (request, value) in zip(remote, values) {
                if value?.isStale == true, !data.stale.contains(request.source) { data.stale.append(request.source) }
                record(value?.json, for: request, in: &data)
            }
            completion(data)
        }
    }

    private static func record(_ value: JSONValue?, for request: DataRequest, in data: inout PageData) {
        if let value {
            data.values[request.entry] = value
        } else if request.required {
            data.missingRequired.append(request.entry)
        } else {
            data.missingOptional.append(request.entry)
        }
    }
}

/// Fetches `url` data sources from upstream services.
protocol UpstreamFetching: Sendable {
    /// Fetches every request concurrently for the page request of `context`, each bounded by
    /// its timeout; calls `completion` once with one value per request, in order (nil: no value).
    func fetchAll(_ requests: [DataRequest], context: PageRequestContext,
                  completion: @escaping @Sendable ([UpstreamValue?]) -> Void)

    /// What says whether a fetch of `request` for a page request with `headers` would be
    /// answered by a fresh cached value (an `"auto"` section, SPEC §10.1): a token for `isFresh`,
    /// which may ask again later (the decision memo does); nil when none could be.
    func freshnessToken(_ request: DataRequest, headers: HTTPHeaders) -> String?

    /// Whether the value `token` stands for is cached and fresh now, asked without fetching.
    func isFresh(_ token: String) -> Bool
}

extension UpstreamFetching {
    /// A fetcher with no cache has no fresh value.
    func freshnessToken(_ request: DataRequest, headers: HTTPHeaders) -> String? { nil }

    func isFresh(_ token: String) -> Bool { false }
}
