import HTTPServer
import SDUI

/// `serve --preview` (SPEC §8.2): `GET /_preview/<route>` runs the page once per requested
/// client through the same `PagePipeline` a served request takes (no response cache, with its
/// fallbacks explained) and answers one HTML page with a column per client, each deferred
/// section fetched the same way by its load's url and drawn under its placeholder. `/_preview/` lists
/// the routes (with a query, it previews the route `/`). `/_preview` itself answers the Pages generation in `X-Pages-Generation` and the
/// last rejected reload's number in `X-Pages-Rejection` (0: none since the last good load): the
/// open preview polls it and reloads when Pages/ was reloaded or a reload was refused.
struct PreviewEndpoint {
    static let prefix = "/_preview"
    let app: TrellisApplication

    /// Whether `path` is the preview's.
    static func handles(_ path: String) -> Bool {
        path == prefix || path.hasPrefix(prefix + "/")
    }

    /// Answers a preview request through `completion`, once every column has its page.
    func respond(to request: HTTPRequest, completion: @escaping @Sendable (HTTPResponse) -> Void) {
        guard request.method == "GET" || request.method == "HEAD" else { return completion(HTTPError.methodNotAllowed.response) }
        let snapshot = app.store.current, rejection = app.store.rejection
        if request.path == Self.prefix + "/", request.query == nil {
            return completion(PreviewDocument.response(PreviewIndex(site: snapshot.site, generation: snapshot.generation,
                                                                    rejection: rejection).html))
        }
        guard request.path != Self.prefix else {
            let text = "Pages generation \(snapshot.generation). Preview a page at \(Self.prefix)/<route>?client=ios/4.9.0&client=ios/6.0.0\n"
            var response = HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")]),
                                        body: Array(text.utf8))
            response.headers.add("X-Pages-Generation", String(snapshot.generation))
            response.headers.add("X-Pages-Rejection", String(rejection?.number ?? 0))
            response.headers.add("Cache-Control", "no-store")
            return completion(response)
        }
        let route = String(request.path.dropFirst(Self.prefix.count))
        let query = PreviewQuery(request.query)
        let pipeline = PagePipeline(snapshot: snapshot, cache: nil, dataLoader: app.dataLoader, explains: true)
        let target = route + (query.passthrough.isEmpty ? "" : "?" + HTML.query(query.passthrough))
        let date = app.scheduleDate
        let pages = query.clients.map { Self.request(target, headers: query.headers(for: $0), id: request.requestID) }
        PreviewFanOut.serve(pages, pipeline: pipeline, date: date) { outcomes in
            let columns = zip(query.clients, outcomes).map { PreviewColumn(client: $0, outcome: $1) }
            // Each deferred section's load, with its column's headers (SPEC §13).
            let loads = columns.indices.flatMap { column in columns[column].sections.indices.map { (column, $0) } }
            let sectionRequests = loads.map { column, section in
                Self.request(columns[column].sections[section].url, headers: query.headers(for: columns[column].client), id: request.requestID)
            }
            PreviewFanOut.serve(sectionRequests, pipeline: pipeline, date: date) { answers in
                var filled = columns
                for ((column, section), answer) in zip(loads, answers) {
                    filled[column].sections[section].answer = PreviewColumn(client: filled[column].client, outcome: answer)
                }
                completion(PreviewDocument.response(PreviewPage(route: route, query: query, site: snapshot.site, generation: snapshot.generation,
                                                                rejection: rejection, columns: filled).html))
            }
        }
    }

    /// A GET of `target` with `headers`, under the preview request's id.
    private static func request(_ target: String, headers: HTTPHeaders, id: String) -> HTTPRequest {
        var request = HTTPRequest(method: "GET", target: target, headers: headers)
        request.requestID = id
        return request
    }
}
