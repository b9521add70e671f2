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
        // What the query asks of the page's sections is checked right after routing, on every
        // page (`_section` on a page with none is its 404): no query, no cost.
        let kind = try SectionQuery.kind(request.query, match: match)
        guard request.method == "GET" || request.method == "HEAD" else { throw .methodNotAllowed }
        guard match.hasSections else {
            return try PagePlan(site: site, match: match, request: request, answers: snapshot.localeAnswers)
        }
        var plan = try PagePlan(site: site, match: match, kind: kind, request: request, answers: snapshot.localeAnswers)
        if kind == .page, !plan.belowMinimumVersion {
            (plan.deferred, plan.freshness) = deferredSections(plan, headers: request.headers)
            plan.unread = site.unreadSections(template: plan.template, client: plan.client, deferred: plan.deferred?.names ?? [])
            if !plan.unread.isEmpty { plan.forward(site.forwarding(of: plan.template, unread: plan.unread), of: request.headers) }
        }
        return plan
    }

    /// The sections the page of `plan` serves as their placeholder (SPEC §10.1), and whether an
    /// `"auto"` one is among them because one of its url entries has no fresh value in the
    /// upstream cache now (asked without fetching; with no upstream, none has); nil for none.
    /// With them, the freshness tokens of the url entries found fresh, which kept `auto`
    /// sections inline.
    private func deferredSections(_ plan: PagePlan, headers: HTTPHeaders) -> (DeferredSections?, [String]) {
        let site = snapshot.site
        var forFreshness = false
        var fresh: [String] = []
        // The page's url entries, worked out once, on the first `auto` section that asks.
        var urlRequests: [DataRequest]?
        let deferred = site.deferredSections(template: plan.template, client: plan.client) { section in
            guard section.deferral == .auto else { return false }
            let requests = urlRequests ?? site.dataRequests(template: plan.template, params: plan.params, query: plan.query)
                .filter { if case .url = $0.kind { true } else { false } }
            urlRequests = requests
            let stale = requests.contains { request in
                guard section.entries.contains(request.entry) else { return false }
                guard let upstream = dataLoader.upstream, let token = upstream.freshnessToken(request, headers: headers),
                      upstream.isFresh(token)
                else { return true }
                fresh.append(token)
                return false
            }
            forFreshness = forFreshness || stale
            return stale
        }
        return (deferred.isEmpty ? nil : DeferredSections(names: deferred, forFreshness: forFreshness), fresh)
    }

    /// The data step's synchronous part: the entries `plan` binds (`requests`, which also
    /// decide the cache lifetime) and what loading them gave at once: every entry (`file`
    /// sources, or url sources with no upstream to ask), or the url sources left to fetch.
    func startLoading(_ plan: PagePlan) -> (requests: [DataRequest], loading: PageDataLoader.Loading) {
        let site = snapshot.site
        var requests = site.dataRequests(template: plan.template, params: plan.params, query: plan.query)
        if let read = entriesRead(plan) { requests.removeAll { !read.contains($0.entry) } }
        return (requests, dataLoader.start(requests, site: site))
    }

    /// The entries `plan` reads when it reads fewer than its template's (SPEC §10.1): a section
    /// alone reads the page's required entries and its own; a page does not read those only its
    /// deferred sections and those absent for its client bind. Nil: every entry.
    private func entriesRead(_ plan: PagePlan) -> Set<String>? {
        switch plan.kind {
        case .page: snapshot.site.entriesRead(template: plan.template, unread: plan.unread)
        case .section(let name, _): snapshot.site.entriesRead(template: plan.template, section: name)
        }
    }

    /// Assembly and negotiation of `plan` with its `data`, as of `date`: the routed page, or the
    /// `not-found` or `upgrade` page in its place.
    func resolve(_ plan: PagePlan, data: PageData, at date: Date) -> PageResult {
        PageResolver(site: snapshot.site, explains: explains, edge: snapshot.edgeHash, varyOrigin: varyOrigin)
            .resolve(plan, data: data, at: date)
    }
}
