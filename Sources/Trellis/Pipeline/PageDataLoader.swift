import SDUI

/// Fetches a page's data entries: `file` sources from the loaded Pages version at once,
/// `url` sources from their upstreams concurrently (SPEC §2.3). The completion runs exactly
/// once, synchronously when every entry is a file source.
struct PageDataLoader: Sendable {
    /// Fetches `url` sources; nil means none are reachable (every url entry has no value).
    let upstream: (any UpstreamFetching)?

    /// Loads `requests` for the request of `context` (whose headers and trace the url sources
    /// carry on to their upstreams).
    func load(_ requests: [DataRequest], site: Site, context: PageRequestContext,
              completion: @escaping @Sendable (PageData) -> Void) {
        var data = PageData()
        // One table of the right size, not one regrown per entry.
        data.values.reserveCapacity(requests.count)
        var remote: [DataRequest] = []
        for request in requests {
            if request.keyMissing {
                record(nil, for: request, in: &data)
                continue
            }
            switch request.kind {
            case .file:
                record(site.fileValue(source: request.source, key: request.key), for: request, in: &data)
            case .url:
                remote.append(request)
            }
        }
        guard !remote.isEmpty else { return completion(data) }
        guard let upstream else {
            for request in remote { record(nil, for: request, in: &data) }
            return completion(data)
        }
        let local = data, fetched = remote
        upstream.fetchAll(fetched, context: context) { values in
            var data = local
            for (request, value) in zip(fetched, values) {
                if value?.isStale == true { data.stale.append(request.entry) }
                record(value?.json, for: request, in: &data)
            }
            completion(data)
        }
    }

    private func record(_ value: JSONValue?, for request: DataRequest, in data: inout PageData) {
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
}
