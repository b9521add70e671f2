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
        // The source's kind and the timeout were worked out when the page loaded: no source is
        // looked up per request. Entries are read in place, not copied (retained) one by one.
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                guard let kind = entries[index].kind else { continue }
                let key = entries[index].resolveKey(params: params, query: query)
                var request = DataRequest(entry: entries[index].name, source: entries[index].source, key: key ?? "",
                                          keyMissing: key == nil, required: entries[index].required,
                                          timeoutMs: entries[index].timeoutMs, kind: kind)
                if !entries[index].params.isEmpty { request.query = entries[index].resolveParams(params: params, query: query) }
                requests.append(request)
            }
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
