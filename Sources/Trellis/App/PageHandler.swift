import HTTPServer
import SDUI

/// The server's handler: a thin adapter. The ops endpoints and `OPTIONS *` answer here;
/// every other request runs through the `PagePipeline` of the current Pages snapshot. After
/// each answer, the access-log line and the metrics are built from the pipeline's typed
/// record (`PageRecord`), or from the server's own error code for its 4xx answers.
struct PageHandler: HTTPHandler {
    let app: TrellisApplication

    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        if let ops = OpsEndpoints(app: app).response(for: request) {
            return responder.respond(ops)
        }
        if request.method == "OPTIONS" && request.path == "*" {
            return responder.respond(Self.serverOptions)
        }
        app.pipeline.run(request, context: PageRequestContext(request, eventLoop: responder.eventLoop)) { outcome in
            responder.respond(outcome.response)
        }
    }

    func didRespond(_ exchange: HTTPExchange) {
        let record = exchange.annotation as? PageRecord
        app.metrics.record(exchange, page: record?.page ?? "-", fallbacks: record?.fallbackTypes ?? [:])
        let extra = record?.accessFields(errorCode: exchange.errorCode) ?? exchange.errorCode.map { "error=" + $0 } ?? ""
        app.accessLog.log(
            id: exchange.requestID, method: exchange.method, path: exchange.path, status: exchange.status,
            bytes: exchange.bodyBytes, duration: exchange.duration, extra: extra, loop: exchange.loop)
    }

    func didFinishPass(loop: Int) {
        app.accessLog.didFinishPass(loop: loop)
    }

    /// `OPTIONS *` (RFC 9110 §9.3.7): what the server as a whole allows.
    private static let serverOptions = HTTPResponse(status: 200, headers: HTTPHeaders([("Allow", "GET, HEAD")]))
}
