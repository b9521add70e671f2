import Foundation
import HTTPServer
import SDUI

/// The one path by which a page request becomes its answer, in the SPEC §4.1 order: route
/// (unknown: JSON 404) → method (405) → request headers (400) → plan (minimum version,
/// canary, experiments) → response cache → data → assembly and negotiation → representation
/// (ETag, gzip) → the response for this client (coding, preconditions).
///
/// Built from one Pages snapshot, so a request sees one version throughout. `serve`'s
/// handler, `render` and `bench` all run pages through it; `render` and the miss benchmarks
/// pass no cache.
struct PagePipeline: Sendable {
    /// The Pages version answering.
    let snapshot: SiteStore.Snapshot
    /// The shared response cache; nil: every page is assembled.
    let cache: ResponseCache<CacheKey, Representation>?
    /// Fetches the page's data entries.
    let dataLoader: PageDataLoader
    /// Record each fallback's path, types and reason in the `PageResult` (`render --explain`,
    /// the preview; both pass no cache). Off on the serving path, which pays nothing for it.
    var explains = false

    /// How a request stands after the decisions and the cache look-up (`start`).
    enum Start {
        /// Answered already: a JSON error, or a cache hit.
        case answered(PageOutcome)
        /// The page must be assembled (or joins an assembly under way): go on with `finish`
        /// (`PagePipeline+Miss`).
        case pending(Pending)
    }

    /// A page `start` left to assemble.
    enum Pending {
        /// A page the cache takes part in: its key, built once for the look-up `start` made and
        /// handed on to the miss's steps after it.
        case cached(CacheKey)
        /// A page the cache takes no part in (no cache, or a personal page): its plan is never hashed.
        case uncached(PagePlan)
    }

    /// Answers `request` through `completion`, exactly once: synchronously for a cache hit, an
    /// error or a page of `file` sources only, else when its `url` sources have answered.
    func run(_ request: HTTPRequest, context: PageRequestContext, completion: @escaping @Sendable (PageOutcome) -> Void) {
        switch start(request, context: context) {
        case .answered(let outcome): completion(outcome)
        case .pending(let page): finish(page, request: request, context: context, completion: completion)
        }
    }

    /// The synchronous first part of `run`: the decisions, then the response cache. A hit
    /// allocates no closure.
    func start(_ request: HTTPRequest, context: PageRequestContext) -> Start {
        start(request, trace: context.trace, date: context.date)
    }

    /// `start` with only what a hit or an error needs of the request's context: its trace (for
    /// the record) and the time it is answered at (a scheduled page's `max-age`). The serving
    /// path builds the whole context only for a page it must assemble.
    func start(_ request: HTTPRequest, trace: TraceContext, date: Date) -> Start {
        let plan: PagePlan
        do {
            plan = try self.plan(for: request)
        } catch {
            return .answered(PageOutcome(error, trace: trace))
        }
        guard let cache, !plan.personal else { return .pending(.uncached(plan)) }
        let key = CacheKey(generation: snapshot.generation, plan: consume plan)
        guard let hit = cache.hit(for: key) else { return .pending(.cached(key)) }
        return .answered(outcome(hit, cache: .hit, request: request, trace: trace, date: date))
    }

    /// The answer with `representation` for this client's coding and preconditions.
    func outcome(_ representation: Representation, cache: CacheUse, request: HTTPRequest,
                         trace: TraceContext, date: Date) -> PageOutcome {
        PageOutcome(representation, cache: cache, trace: trace,
                    coding: AcceptEncoding.preferredCoding(request.headers),
                    preconditions: Preconditions(request.headers), date: date)
    }

    /// Everything decided before data is fetched: the route, the method, the request headers
    /// and the plan. A failure is the JSON error to answer with.
    func decide(_ request: HTTPRequest) -> Result<PagePlan, HTTPError> {
        Result { () throws(HTTPError) in try plan(for: request) }
    }

    /// `decide`, throwing the JSON error: the plan is built in place and handed on without
    /// being copied through a `Result`.
    private func plan(for request: HTTPRequest) throws(HTTPError) -> PagePlan {
        let site = snapshot.site
        guard let match = site.match(path: request.path) else {
            throw HTTPError(status: 404, code: "not_found", message: "no page at \(request.path)")
        }
        guard request.method == "GET" || request.method == "HEAD" else { throw .methodNotAllowed }
        return try PagePlan(site: site, match: match, request: request, answers: snapshot.localeAnswers)
    }
}
