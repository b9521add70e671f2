import Foundation
import HTTPServer
import SDUI

/// The one path by which a page request becomes its answer, in the SPEC §4.1 order: route
/// (unknown: JSON 404) → method (405) → request headers (400) → plan (minimum version,
/// canary, experiments) → response cache → data → assembly and negotiation → representation
/// (ETag, gzip) → the response for this client (coding, preconditions).
///
/// Two doors lead in: `serve`, the server's, which answers a cache hit at once and leaves a
/// page to assemble pending; and `answer` (`PagePipeline+Commands`), the commands' and tests',
/// which waits for the answer. Both run the same steps (`PagePipeline+Steps`: `decide`,
/// `startLoading`, `resolve`), which `bench` also measures one by one. A request asks for its
/// whole page or for one section of it (SPEC §10.1, `PagePlan.Kind`): the same doors and steps.
///
/// Built from one Pages snapshot, so a request sees one version throughout.
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
    /// CORS is on (`--cors-origins`): every page answer's `Vary` names `Origin` (SPEC §8.1, §12).
    var varyOrigin = false

    /// How a request stands when `serve` returns.
    enum Serving {
        /// Answered already: a JSON error, or a cache hit.
        case answered(PageOutcome)
        /// A page to assemble, or to take from an assembly of it under way: its answer comes
        /// from `PendingPage.finish`, called at most once (nothing is claimed in the cache before).
        case pending(PendingPage)

        /// The answer through `completion`, exactly once: at once when answered, else when the
        /// pending page is finished with `context` (the request's, with the trace and date given
        /// to `serve`). For callers that don't mind a closure on a hit (the server does).
        func finish(context: PageRequestContext, completion: @escaping @Sendable (PageOutcome) -> Void) {
            switch self {
            case .answered(let outcome): completion(outcome)
            case .pending(let page): page.finish(context: context, completion: completion)
            }
        }
    }

    /// The server's door: the decisions and a synchronous response-cache look-up for `request`,
    /// whose trace the caller has read and which is answered as of `date`.
    ///
    /// With `memo` (the event loop's own), a request that was decided before in this Pages
    /// version, byte for byte in all that decides it, takes its key from there (`DecisionMemo`),
    /// and the coding its `Accept-Encoding` (among those bytes) asks for.
    ///
    /// Called once per request, on the thread that handles it. A JSON error or a cache hit comes
    /// back `.answered`, having allocated nothing: no closure, and no `PageRequestContext`,
    /// which the caller builds only for a `.pending` page and hands to its `finish` (with this
    /// same trace and date). What the last step needs of the request (`AnswerTerms`) is read
    /// here, once; the steps after this one never see the request again.
    func serve(_ request: HTTPRequest, trace: TraceContext, date: Date, memo: DecisionMemo? = nil) -> Serving {
        if let cache, let found = memo?.key(for: request, generation: snapshot.generation, upstream: dataLoader.upstream) {
            let terms = AnswerTerms(coding: found.coding, preconditions: Preconditions(request.headers))
            return lookUp(found.key, in: cache, trace: trace, terms: terms, date: date)
        }
        let terms = AnswerTerms(request.headers)
        let plan: PagePlan
        do {
            plan = try decide(request)
        } catch {
            return .answered(PageOutcome(error, trace: trace))
        }
        guard let cache, !plan.personal else { return .pending(PendingPage(self, .uncached(plan), terms: terms)) }
        // A page deferred for want of a fresh value is decided again next time (SPEC §10.1).
        let remembered = plan.deferred?.forFreshness == true ? nil : plan.freshness
        let key = CacheKey(generation: snapshot.generation, plan: consume plan)
        if let remembered { memo?.remember(cache.storedKey(equalTo: key), coding: terms.coding, freshness: remembered) }
        return lookUp(key, in: cache, trace: trace, terms: terms, date: date)
    }

    /// A cache hit answered at once, or the page to assemble pending.
    private func lookUp(_ key: CacheKey, in cache: ResponseCache<CacheKey, Representation>, trace: TraceContext,
                        terms: AnswerTerms, date: Date) -> Serving {
        guard let hit = cache.hit(for: key) else { return .pending(PendingPage(self, .cached(key), terms: terms)) }
        return .answered(PageOutcome(hit, cache: .hit, trace: trace, terms: terms, date: date))
    }
}
