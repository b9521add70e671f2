/// What a page needs fetched, for the application to fetch (url sources) or look up
/// (`fileValue`) before `render`.
extension Site {
    /// The data requests of the matched page's own template, in author order.
    public func dataRequests(for match: RouteMatch) -> [DataRequest] {
        dataRequests(template: match.page, params: match.params)
    }

    /// The data requests of any template (`home.canary` has its own `data`), in author order,
    /// with the route `params` and the declared `query` parameters the request sent.
    public func dataRequests(template: String, params: [String: String], query: [String: String] = [:]) -> [DataRequest] {
        // Only the entries are read out of the table: the template is not copied.
        guard let entries = templates[template]?.data, !entries.isEmpty else { return [] }
        var requests: [DataRequest] = []
        requests.reserveCapacity(entries.count)
        for entry in entries {
            guard let source = sources.sources[entry.source] else { continue }
            let timeout: Int? = switch (entry.timeoutMs, source.timeoutMs) {
            case let (a?, b?): min(a, b)
            case let (a, b): a ?? b
            }
            let key = entry.resolveKey(params: params, query: query)
            requests.append(DataRequest(entry: entry.name, source: entry.source, key: key ?? "", keyMissing: key == nil,
                                        required: entry.required, timeoutMs: timeout, kind: source.kind))
        }
        return requests
    }

    /// The values of every `file` request (convenience for a page with no url sources);
    /// entries without a value are absent.
    public func fileData(for requests: [DataRequest]) -> [String: JSONValue] {
        var data: [String: JSONValue] = [:]
        for request in requests {
            if case .file = request.kind, !request.keyMissing, let value = fileValue(source: request.source, key: request.key) {
                data[request.entry] = value
            }
        }
        return data
    }
}
