import HTTPServer

/// The handler of the `--metrics-port` listener: `/metrics`, `/healthz` and `/readyz` of the
/// application, and a JSON 404 for anything else. Its answers are not counted in
/// `trellis_requests_total` nor logged: a scrape every few seconds would drown the page
/// traffic the metrics describe.
struct MetricsPortHandler: HTTPHandler {
    let app: TrellisApplication

    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        responder.respond(OpsEndpoints(app: app, servesMetrics: true).response(for: request)
            ?? HTTPError(status: 404, code: "not_found", message: "no endpoint at \(request.path)").response)
    }
}
