import HTTPServer
import SDUI

/// The sections an action's success renders anew (SPEC §11's `refresh`): each one the client's
/// page has, in the page's order, decided and rendered exactly as `GET <page>?_section=<name>`
/// with the action request's headers would be (route, headers, negotiation, personal data with
/// the forwarded credentials), through the page pipeline's steps: a shared section through the
/// response cache, as the door would take it; a personal one (which no cache keeps) rendered
/// without becoming a response, since only its bytes go into the action's answer.
struct ActionRefresh: Sendable {
    let pipeline: PagePipeline

    /// Header fields the section requests leave out: the answer is read as identity JSON, whole.
    private static let dropped: Set<String> = ["accept-encoding", "if-none-match", "if-match", "content-type", "content-length"]

    /// The ops for the sections `names` of `page` (its path and query; nil: none), as the
    /// client of `headers` gets them: `replace` with the section's component, or `remove` when
    /// nothing stands there for it. A page that doesn't route, or is the upgrade page for this
    /// client, refreshes nothing.
    func sections(_ names: [String], page: String?, headers: HTTPHeaders, context: PageRequestContext,
                  completion: @escaping @Sendable ([[UInt8]]) -> Void) {
        let site = pipeline.snapshot.site
        guard let page, !names.isEmpty else { return completion([]) }
        let pageRequest = HTTPRequest(method: "GET", target: page)
        guard let match = site.match(path: pageRequest.path) else { return completion([]) }
        let refreshed = site.sections(of: match.page).map(\.name).filter(names.contains)
        guard !refreshed.isEmpty else { return completion([]) }
        var fields = HTTPHeaders()
        for field in headers where !Self.dropped.contains(field.name.lowercased()) { fields.add(field.name, field.value) }
        // The page's own query, less what is the server's (`_section`, `_after`).
        let query = (pageRequest.query ?? "").split(separator: "&").filter { !$0.isEmpty && !$0.hasPrefix("_") }
        let gathered = Gathered<[UInt8]?>(count: refreshed.count)
        for (index, name) in refreshed.enumerated() {
            let target = pageRequest.path + "?" + (query + ["_section=\(name)"]).joined(separator: "&")
            let request = HTTPRequest(method: "GET", target: target, headers: fields, requestID: context.requestID)
            section(name, request: request, context: context, site: site) { op in
                if let all = gathered.store(op, at: index) { completion(all.compactMap { $0 }) }
            }
        }
    }

    /// The op for section `name`, asked by `request` (its `GET <page>?_section=<name>`), through
    /// `completion`, once: a JSON error or a special page in its place gives none.
    private func section(_ name: String, request: HTTPRequest, context: PageRequestContext, site: Site,
                         completion: @escaping @Sendable ([UInt8]?) -> Void) {
        let plan: PagePlan
        do {
            plan = try pipeline.decide(request)
        } catch {
            return completion(nil)
        }
        let context = PageRequestContext(request, trace: context.trace, date: context.date, now: context.now,
                                         eventLoop: context.eventLoop)
        guard pipeline.cache != nil, !plan.personal else {
            return pipeline.render(plan, context: context) { completion(Self.op($0, section: name, site: site)) }
        }
        let key = CacheKey(generation: pipeline.snapshot.generation, plan: plan)
        PendingPage(pipeline, .cached(key), terms: AnswerTerms(request.headers)).finish(context: context) { outcome in
            completion(Self.op(outcome, section: name, site: site))
        }
    }

    /// The op for section `name`'s answer from the response cache or an assembly of it: as
    /// `op(status:body:template:)`; nothing when the answer is not the section's (a JSON error,
    /// the upgrade page).
    private static func op(_ outcome: PageOutcome, section name: String, site: Site) -> [UInt8]? {
        guard let result = outcome.representation?.result, result.section == name else { return nil }
        return op(status: result.status, body: result.body, template: result.template, section: name, site: site)
    }

    /// The op for section `name` rendered without a response: nothing when a special page (the
    /// upgrade or not-found page) stands in its place, as its answer would not be the section's.
    private static func op(_ rendered: PageResolver.Rendered, section name: String, site: Site) -> [UInt8]? {
        guard rendered.routed else { return nil }
        return op(status: rendered.status, body: rendered.rendered.body, template: rendered.template, section: name, site: site)
    }

    /// `replace` the section's component (200), `remove` it (204), else nothing.
    private static func op(status: Int, body: [UInt8], template: String, section name: String, site: Site) -> [UInt8]? {
        switch status {
        case 200:
            // The id's JSON string as the component's bytes begin with it: no parse.
            guard let target = ComponentBytes.idToken(body) else { return nil }
            return Site.op("replace", [("target", Array(target)), ("component", body)])
        case 204:
            return site.sectionTarget(name, template: template).map { Site.op("remove", [("target", JSONWriter.encode(.string($0)))]) }
        default:
            return nil
        }
    }
}
