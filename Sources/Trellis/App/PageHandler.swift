import Foundation
import HTTPServer
import SDUI

/// The server's handler: a thin adapter. The ops endpoints, `OPTIONS *`, CORS preflights and
/// the preview answer here; actions (`/_actions/<name>`, SPEC §11) run through the
/// `ActionRunner`; every other request runs through the `PagePipeline` of the current
/// Pages snapshot. With CORS on, every answer (the server's own errors included) gets its
/// fields. After each answer, the access-log line and the metrics are built from the
/// pipeline's typed record (`PageRecord`), or from the server's own error code for its 4xx
/// answers.
struct PageHandler: HTTPHandler {
    let app: TrellisApplication

    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        if let response = fixedResponse(request) {
            return respond(response, to: request, via: responder)
        }
        if app.previews, PreviewEndpoint.handles(request.path) {
            return PreviewEndpoint(app: app).respond(to: request) { respond($0, to: request, via: responder) }
        }
        let trace = TraceContext(traceparent: request.headers["traceparent"])
        if ActionCheck.handles(request.path) {
            return act(request, trace: trace, responder: responder)
        }
        let date = app.scheduleDate
        // A cache hit is answered here and now; only a page to assemble needs a closure.
        let pipeline = app.pipeline
        switch pipeline.serve(request, trace: trace, date: date, memo: app.memos(loop: responder.eventLoop.index)?.decisions) {
        case .answered(let outcome):
            respond(outcome.response, to: request, via: responder)
        case .pending(let page):
            let context = PageRequestContext(request, trace: trace, date: date, eventLoop: responder.eventLoop)
            page.finish(context: context) { respond($0.response, to: request, via: responder) }
        }
    }

    /// An action (SPEC §11): a refusal is answered at once, as a cache hit is, with no closure,
    /// `PageRequestContext` or `ActionRunner`; only an action that passed its checks needs them.
    private func act(_ request: HTTPRequest, trace: TraceContext, responder: HTTPResponder) {
        let snapshot = app.store.current
        switch ActionRunner.check(request, site: snapshot.site, maxBody: app.maxBody, cors: app.cors, trace: trace) {
        case .refused(let response):
            respond(response, record: nil, to: request, via: responder)
        case .passed(let check):
            let context = PageRequestContext(request, trace: trace, date: app.scheduleDate, eventLoop: responder.eventLoop)
            app.actions(on: snapshot).perform(check, context: context) { respond($0, record: nil, to: request, via: responder) }
        }
    }

    /// The server's own error answers carry the CORS fields too, so a browser app can read them.
    /// One to an action's path whose head was read whole (a body over `--max-body`, a bad chunk,
    /// a stalled body) is an action answer as a refusal is (SPEC §11): `Cache-Control:
    /// no-store`, and the action's record, so it is logged with `action=` and counted in
    /// `trellis_actions_total`.
    func response(for error: HTTPError, head: HTTPRequest?) -> HTTPResponse {
        let headers = head?.headers ?? HTTPHeaders()
        var response: HTTPResponse
        if let head, ActionCheck.handles(head.path) {
            response = ActionRunner.refusal(error, of: head, site: app.store.current.site, cors: app.cors)
        } else {
            response = error.response
        }
        if let cors = app.cors { response = cors.decorated(response, requestHeaders: headers) }
        count(response.status, record: nil, requestHeaders: headers)
        return response
    }

    /// The answers that need no page: the ops endpoints, `OPTIONS *` and CORS preflights.
    private func fixedResponse(_ request: HTTPRequest) -> HTTPResponse? {
        if let ops = OpsEndpoints(app: app, servesMetrics: app.metricsOnPublicPort).response(for: request) { return ops }
        if request.method == "OPTIONS" && request.path == "*" { return Self.serverOptions }
        return app.cors?.preflight(request, site: app.store.current.site)
    }

    /// Writes `response`, with the CORS fields when CORS is on.
    private func respond(_ response: consuming HTTPResponse, to request: HTTPRequest, via responder: HTTPResponder) {
        let record = response.annotation as? PageRecord
        respond(response, record: record, to: request, via: responder)
    }

    /// `respond` for an answer whose `PageRecord` the caller has at hand: nil for an action's
    /// answer, whose annotation is not asked whether it is one (a cast that fails costs most).
    private func respond(_ response: consuming HTTPResponse, record: PageRecord?, to request: HTTPRequest, via responder: HTTPResponder) {
        count(response.status, record: record, requestHeaders: request.headers, loop: responder.eventLoop.index)
        guard let cors = app.cors else { return responder.respond(response) }
        responder.respond(cors.decorated(response, requestHeaders: request.headers))
    }

    /// Counts an answer of `status` in `trellis_requests_total`, as `record`'s page (nil: `-`),
    /// where the request's headers are still at hand (every answer passes `respond` or
    /// `response(for:head:)` once): the client class comes from `X-Client-Version`,
    /// which `didRespond`'s exchange does not carry.
    private func count(_ status: Int, record: PageRecord?, requestHeaders: HTTPHeaders, loop: Int? = nil) {
        let snapshot = app.store.current, header = requestHeaders.combinedValue("X-Client-Version")
        let client = loop.flatMap(app.memos(loop:))?.clientLabels.labels(for: header, in: snapshot)
            ?? snapshot.clientLabels.labels(for: header)
        app.metrics.count(page: record?.page ?? "-", section: record?.section ?? "", status: status, client: client)
    }

    func didRespond(_ exchange: HTTPExchange) {
        // Which record an answer carries is asked of the likelier first (a cast that fails costs
        // most): a page's for nearly every answer, an action's for an error answer (a refused
        // input is the error given most).
        let action: ActionRecord?, record: PageRecord?
        if exchange.errorCode == nil {
            record = exchange.annotation as? PageRecord
            action = record == nil ? exchange.annotation as? ActionRecord : nil
        } else {
            action = exchange.annotation as? ActionRecord
            record = action == nil ? exchange.annotation as? PageRecord : nil
        }
        let actionAnswer = action.map { (record: $0, label: $0.action(path: exchange.path)) }
        if let actionAnswer { app.metrics.record(action: actionAnswer.label, exchange) }
        if let hit = record?.repeated {
            app.metrics.record(exchange, in: hit.durationSeries, fallbacks: hit.representation.result.fallbackTypes,
                               actionFallbacks: hit.representation.result.actionFallbackTypes)
        } else {
            app.metrics.record(exchange, page: record?.page ?? "-", section: record?.section ?? "", fallbacks: record?.fallbackTypes ?? [:],
                               actionFallbacks: record?.actionFallbackTypes ?? [:])
        }
        app.accessLog.log(exchange, record: record, action: actionAnswer)
    }

    /// A cached page's answer may be given again to the same head (`RepeatedPageHit`).
    func repeatable(_ request: HTTPRequest, response: HTTPResponse, loop: Int) -> (any RepeatableAnswer)? {
        RepeatedPageHit.of(request, response: response, loop: loop, app: app)
    }

    func didFinishPass(loop: Int) {
        app.accessLog.didFinishPass(loop: loop)
    }

    /// `OPTIONS *` (RFC 9110 §9.3.7): what the server as a whole allows.
    private static let serverOptions = HTTPResponse(status: 200, headers: HTTPHeaders([("Allow", "GET, HEAD")]))
}
