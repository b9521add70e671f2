import Foundation
import HTTPClient
import HTTPServer
import SDUI

/// The one path by which `POST /_actions/<name>` becomes its answer (SPEC §11): the checks
/// (`ActionCheck`), the backend call (`ActionCalls`), then on a success the invalidation, the
/// refreshed sections (`ActionRefresh`) and the `then` ops; on a backend 4xx the `onError` ops
/// or a 422; on a failure a 502 or 504 with nothing invalidated. The server (`PageHandler`) and
/// `trellis act` both run it. Built from one Pages snapshot, as a `PagePipeline` is.
struct ActionRunner: Sendable {
    /// The pipeline sections are rendered anew through (its snapshot, cache and data loader).
    let pipeline: PagePipeline
    /// The backend calls, joined per `Idempotency-Key`.
    let calls: ActionCalls
    /// The upstream client whose cached values an action invalidates.
    let upstream: UpstreamClient
    /// `--cors-origins`: the `Origin` rule, and credentials for a listed origin.
    let cors: CORSPolicy?
    /// `--max-body`.
    let maxBody: Int

    private var site: Site { pipeline.snapshot.site }

    /// How a request stands after the checks.
    enum Checked {
        /// Refused (SPEC §11's 4xx answers), with no backend called: the answer, given at once.
        case refused(HTTPResponse)
        /// Passed: the action to `perform`.
        case passed(ActionCheck)
    }

    /// Answers `request` (an action's path), whose context the caller made; `completion` runs
    /// once, with the response (its annotation an `ActionRecord`).
    func run(_ request: HTTPRequest, context: PageRequestContext, completion: @escaping @Sendable (HTTPResponse) -> Void) {
        switch Self.check(request, site: site, maxBody: maxBody, cors: cors, trace: context.trace) {
        case .refused(let response): completion(response)
        case .passed(let check): perform(check, context: context, completion: completion)
        }
    }

    /// The checks of `request` (an action's path) against `site`'s actions, with `--max-body`
    /// and `--cors-origins` (nil: none listed), whose trace the caller read. A refusal is
    /// answered here, so the server gives it at once: no runner, context or closure is made for
    /// it, only for an action to `perform` (by a runner on the same Pages version).
    static func check(_ request: HTTPRequest, site: Site, maxBody: Int, cors: CORSPolicy?, trace: TraceContext) -> Checked {
        let action = site.action(named: ActionCheck.actionName(request.path))
        switch ActionCheck.check(request, action: action, maxBody: maxBody, cors: cors) {
        case .success(let check):
            return .passed(check)
        case .failure(let error):
            return .refused(answer(.failure(error), namesAction: action != nil, backend: nil, headers: request.headers, trace: trace,
                                   cors: cors))
        }
    }

    /// The action answer to `head` (an action's path) that the server refused itself with
    /// `error` once the head was read (a body over `--max-body`, a bad chunk, a stalled body):
    /// shaped as the checks' refusals are, its record naming the action when `site` has it.
    static func refusal(_ error: HTTPError, of head: HTTPRequest, site: Site, cors: CORSPolicy?) -> HTTPResponse {
        let namesAction = site.action(named: ActionCheck.actionName(head.path)) != nil
        return answer(.failure(ActionError(error)), namesAction: namesAction, backend: nil, headers: head.headers,
                      trace: TraceContext(traceparent: head.headers["traceparent"]), cors: cors)
    }

    /// Performs an action that passed its checks, for the request of `context`; `completion`
    /// runs once, with the response (its annotation an `ActionRecord`).
    func perform(_ check: ActionCheck, context: PageRequestContext, completion: @escaping @Sendable (HTTPResponse) -> Void) {
        let headers = context.headers
        calls.call(check, headers: headers, requestID: context.requestID, trace: context.trace, on: context.eventLoop) { answer in
            let finish: @Sendable (Result<[UInt8], ActionError>, Int?) -> Void = { outcome, backend in
                completion(Self.answer(outcome, namesAction: true, backend: backend, headers: headers, trace: context.trace,
                                       cors: cors))
            }
            switch answer {
            case .response(let status, let body) where (200..<300).contains(status):
                invalidate(check.action, headers: headers)
                ActionRefresh(pipeline: pipeline).sections(check.action.refresh, page: check.page, headers: headers, context: context) { refreshed in
                    let thenOps = ops(check, errorStatus: nil, body: body, headers: headers, date: context.date)
                    finish(.success(Self.ops(refreshed + thenOps)), status)
                }
            case .response(let status, let body) where (400..<500).contains(status):
                guard check.action.handles(error: status) else {
                    let refused = ActionError(status: 422, code: "upstream_rejected", "the backend refused the action (\(status))")
                    return finish(.failure(refused), status)
                }
                finish(.success(Self.ops(ops(check, errorStatus: status, body: body, headers: headers, date: context.date))), status)
            case .response(let status, _):
                finish(.failure(ActionError(status: 502, code: "upstream_failed", "the backend answered \(status)")), status)
            case .timedOut:
                finish(.failure(ActionError(status: 504, code: "upstream_timeout", "the backend did not answer in time")), nil)
            case .failed:
                finish(.failure(ActionError(status: 502, code: "upstream_failed", "the backend could not be reached")), nil)
            }
        }
    }

    /// The action's own ops (`then`, or `onError.<errorStatus>`), with the backend's JSON body
    /// as `result` and the page's route params, for the client `headers` describe.
    private func ops(_ check: ActionCheck, errorStatus: Int?, body: [UInt8], headers: HTTPHeaders, date: Date) -> [[UInt8]] {
        let result = body.isEmpty ? nil : try? JSONParser.parse(body, maxDepth: UpstreamClient.maxJSONDepth)
        let params = check.page.flatMap { site.match(path: HTTPRequest(method: "GET", target: $0).path)?.params } ?? [:]
        let locale = LocaleNegotiation.negotiate(headers, localization: site.localization, answers: pipeline.snapshot.localeAnswers)
        return site.renderOps(check.action, errorStatus: errorStatus, result: result, input: check.input, params: params,
                              client: site.clientClass(for: check.query.client), locale: locale, at: date)
    }

    /// Drops the cached values of the sources `action` invalidates (a personal source's for the
    /// user of `headers` only), and this replica's cached pages and sections that bound them.
    private func invalidate(_ action: ServerAction, headers: HTTPHeaders) {
        guard !action.invalidates.isEmpty else { return }
        let site = self.site
        for name in action.invalidates {
            guard let source = site.upstreamSource(named: name) else { continue }
            var identity: String?
            if source.personal {
                identity = ForwardedHeaders.identity(source.forwardHeaders.compactMap { field in
                    ForwardedHeaders.value(field, of: headers).map { ClientHeader(field, bytes: $0) }
                })
            }
            upstream.invalidate(source: name, identity: source.forwardHeaders.isEmpty ? nil : identity)
        }
        let sources = action.invalidates
        pipeline.cache?.removeAll { key in
            let plan = key.plan
            return sources.contains { site.binds(source: $0, template: plan.template, section: plan.kind.section, unread: plan.unread) }
        }
    }

    /// The body `{"ops":[…]}`.
    private static func ops(_ ops: [[UInt8]]) -> [UInt8] {
        var body = Array(#"{"ops":["#.utf8)
        for (index, op) in ops.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body += op
        }
        body += "]}".utf8
        return body
    }

    /// `outcome` as every action answer goes out: `200` with the body `{"ops":[…]}`, or the
    /// error's answer; the fields of `ActionAnswerFields` (`cors`: `--cors-origins`); the record
    /// for the log and metrics (`namesAction`: whether the path named an action of the site).
    private static func answer(_ outcome: Result<[UInt8], ActionError>, namesAction: Bool, backend: Int?, headers: HTTPHeaders,
                               trace: TraceContext, cors: CORSPolicy?) -> HTTPResponse {
        var response: HTTPResponse, own = HTTPHeaders()
        switch outcome {
        case .success(let ops):
            response = HTTPResponse(status: 200, body: ops)
        case .failure(let error):
            response = HTTPResponse(status: error.error.status, body: error.body)
            response.errorCode = error.error.code
            own = error.error.headers
        }
        ActionAnswerFields.add(to: &response, own: own, credentials: cors?.listsByName(headers) == true, preformatted: cors == nil)
        response.annotation = ActionRecord(namesAction: namesAction, backendStatus: backend, traceBits: trace.traceBits)
        return response
    }
}
