import Foundation
import HTTPServer
import SDUI

/// The steps both doors run a page through, named so that `bench` measures each of them as the
/// pipeline runs it: decide, load the data, resolve. Encoding (`Representation`) and the answer
/// for this client (`PageOutcome`, on the request's `AnswerTerms`) follow.
extension PagePipeline {
    /// Everything decided before data is fetched: the route, the method, the request headers
    /// and the plan. Throws the JSON error to answer with; the plan is built in its caller's
    /// place, not copied out of a `Result`.
    func decide(_ request: HTTPRequest) throws(HTTPError) -> PagePlan {
        let site = snapshot.site
        guard let match = site.match(path: request.path) else {
            throw HTTPError(status: 404, code: "not_found", message: "no page at \(request.path)")
        }
        guard request.method == "GET" || request.method == "HEAD" else { throw .methodNotAllowed }
        return try PagePlan(site: site, match: match, request: request, answers: snapshot.localeAnswers)
    }

    /// The data step's synchronous part: the entries `plan` binds (`requests`, which also
    /// decide the cache lifetime) and what loading them gave at once: every entry (`file`
    /// sources, or url sources with no upstream to ask), or the url sources left to fetch.
    func startLoading(_ plan: PagePlan) -> (requests: [DataRequest], loading: PageDataLoader.Loading) {
        let site = snapshot.site
        let requests = site.dataRequests(template: plan.template, params: plan.params, query: plan.query)
        return (requests, dataLoader.start(requests, site: site))
    }

    /// Assembly and negotiation of `plan` with its `data`, as of `date`: the routed page, or the
    /// `not-found` or `upgrade` page in its place.
    func resolve(_ plan: PagePlan, data: PageData, at date: Date) -> PageResult {
        PageResolver(site: snapshot.site, explains: explains).resolve(plan, data: data, at: date)
    }
}
