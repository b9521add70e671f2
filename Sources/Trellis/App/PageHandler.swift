import HTTPServer
import SDUI

/// Answers every request: the ops endpoints, then pages in the SPEC §4.1 order — route
/// (unknown: JSON 404), method, request headers (400), then the plan, a cache lookup and,
/// on a miss, data, assembly and encoding, computed once however many ask at the same time.
/// A page bound to `url` sources is cached no longer than their shortest `ttlSeconds`, and
/// not at all when one of them gave no value (failures are not cached, SPEC §2.3).
struct PageHandler: HTTPHandler {
    let app: TrellisApplication

    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        if let ops = OpsEndpoints(app: app).response(for: request) {
            return responder.respond(ops)
        }
        let snapshot = app.store.current
        guard let match = snapshot.site.match(path: request.path) else {
            return responder.respond(HTTPError(status: 404, code: "not_found", message: "no page at \(request.path)").response)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return responder.respond(HTTPError.methodNotAllowed.response)
        }
        let query: PageQuery
        switch PageQuery.parse(request.headers) {
        case .success(let parsed): query = parsed
        case .failure(let error): return responder.respond(error.response)
        }
        let plan = PagePlan(site: snapshot.site, match: match, query: query)
        let coding = AcceptEncoding.preferredCoding(request.headers["Accept-Encoding"])
        let ifNoneMatch = request.headers["If-None-Match"]
        let key = CacheKey(generation: snapshot.generation, plan: plan)
        let metrics = app.metrics
        app.cache.value(for: key, compute: { [app] deliver in
            let site = snapshot.site
            let requests = site.dataRequests(template: plan.template, params: plan.params)
            app.dataLoader.load(requests, site: site) { data in
                let representation = Representation(PageResolver(site: site).resolve(plan, data: data))
                let lifetime = UpstreamClient.pageLifetime(requests, data: data)
                deliver(representation, representation.cost, lifetime.map { ContinuousClock.now + $0 })
            }
        }, completion: { representation, _ in
            guard let representation else {
                return responder.respond(HTTPError(status: 500, code: "internal_error", message: "the page could not be assembled").response)
            }
            metrics.recordFallbacks(representation.result.fallbackTypes)
            responder.respond(representation.response(coding: coding, ifNoneMatch: ifNoneMatch))
        })
    }

    func didRespond(_ exchange: HTTPExchange) {
        app.metrics.record(exchange)
        app.accessLog.log(
            id: exchange.requestID, method: exchange.method, path: exchange.path, status: exchange.status,
            bytes: exchange.bodyBytes, duration: exchange.duration, extra: exchange.logFields, loop: exchange.loop)
    }

    func didFinishPass(loop: Int) {
        app.accessLog.didFinishPass(loop: loop)
    }
}
