import HTTPServer
import SDUI

/// The server's handler: a thin adapter. The ops endpoints, `OPTIONS *`, CORS preflights and
/// the preview answer here; every other request runs through the `PagePipeline` of the current
/// Pages snapshot. With CORS on, every answer (the server's own errors included) gets its
/// fields. After each answer, the access-log line and the metrics are built from the
/// pipeline's typed record (`PageRecord`), or from the server's own error code for its 4xx
/// answers.
struct PageHandler: HTTPHandler {
    let app: TrellisApplication

    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        guard let cors = app.cors else { return answer(request, on: responder.eventLoop) { responder.respond($0) } }
        answer(request, on: responder.eventLoop) { responder.respond(cors.decorated($0, requestHeaders: request.headers)) }
    }

    /// The server's own error answers carry the CORS fields too, so a browser app can read them.
    func response(for error: HTTPError, requestHeaders: HTTPHeaders) -> HTTPResponse {
        app.cors?.decorated(error.response, requestHeaders: requestHeaders) ?? error.response
    }

    /// The answer to `request`, whose connection lives on `loop` (where its upstream calls run).
    private func answer(_ request: HTTPRequest, on loop: EventLoop, _ respond: @escaping @Sendable (HTTPResponse) -> Void) {
        if let ops = OpsEndpoints(app: app).response(for: request) {
            return respond(ops)
        }
        if request.method == "OPTIONS" && request.path == "*" {
            return respond(Self.serverOptions)
        }
        if let preflight = app.cors?.preflight(request, site: app.store.current.site) {
            return respond(preflight)
        }
        if app.previews, PreviewEndpoint.handles(request.path) {
            return PreviewEndpoint(app: app).respond(to: request, completion: respond)
        }
        app.pipeline.run(request, context: PageRequestContext(request, eventLoop: loop)) { outcome in
            respond(outcome.response)
        }
    }

    func didRespond(_ exchange: HTTPExchange) {
        let record = exchange.annotation as? PageRecord
        app.metrics.record(exchange, page: record?.page ?? "-", fallbacks: record?.fallbackTypes ?? [:],
                           actionFallbacks: record?.actionFallbackTypes ?? [:])
        app.accessLog.log(
            id: exchange.requestID, method: exchange.method, path: exchange.path, status: exchange.status,
            bytes: exchange.bodyBytes, duration: exchange.duration, loop: exchange.loop
        ) { line in
            if let record {
                line.append(" ")
                record.appendAccessFields(to: &line, errorCode: exchange.errorCode)
            } else if let errorCode = exchange.errorCode {
                line.append(" error=")
                line.append(errorCode)
            }
        }
    }

    func didFinishPass(loop: Int) {
        app.accessLog.didFinishPass(loop: loop)
    }

    /// `OPTIONS *` (RFC 9110 §9.3.7): what the server as a whole allows.
    private static let serverOptions = HTTPResponse(status: 200, headers: HTTPHeaders([("Allow", "GET, HEAD")]))
}
