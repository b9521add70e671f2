import Foundation
import HTTPServer
import SDUI

/// The miss: a page `start` left pending is claimed in the response cache (or joins an assembly
/// of it under way), its data are loaded, and it is assembled, encoded, offered to the cache and
/// answered. When every data entry is answered at once (file sources, or url sources with no
/// upstream to ask) all of it runs in place, the plan and the request's context borrowed
/// throughout: no closure is made and neither is copied. Only a url source to fetch makes the
/// rest a closure.
extension PagePipeline {
    /// The cache's ticket for a computation of a page that `finish` claimed there.
    private typealias Ticket = ResponseCache<CacheKey, Representation>.Ticket

    /// The rest of `run` for a page `start` left pending: data, assembly and encoding (or an
    /// assembly under way), then the answer.
    func finish(_ page: Pending, request: HTTPRequest, context: PageRequestContext,
                completion: @escaping @Sendable (PageOutcome) -> Void) {
        switch page {
        case .uncached(let plan):
            load(plan, of: page, ticket: nil, request: request, context: context, completion: completion)
        case .cached(let key):
            guard let cache else { return load(key.plan, of: page, ticket: nil, request: request, context: context, completion: completion) }
            switch cache.claim(key, waiter: joiner(request: request, context: context, completion: completion)) {
            case .hit(let representation):
                completion(outcome(representation, cache: .hit, request: request, trace: context.trace, date: context.date))
            case .joined:
                return
            case .compute(let ticket):
                load(key.plan, of: page, ticket: ticket, request: request, context: context, completion: completion)
            }
        }
    }

    /// The answer of a request that joined an assembly of its page under way, made only then.
    private func joiner(request: HTTPRequest, context: PageRequestContext,
                        completion: @escaping @Sendable (PageOutcome) -> Void) -> ResponseCache<CacheKey, Representation>.Completion {
        { representation, hit in
            guard let representation else {
                return completion(PageOutcome(HTTPError(status: 500, code: "internal_error", message: "the page could not be assembled"),
                                              trace: context.trace))
            }
            completion(outcome(representation, cache: hit ? .hit : .miss, request: request, trace: context.trace, date: context.date))
        }
    }

    /// The data step of `plan`, the plan of `page`: in place when every entry is answered at
    /// once, else once the url sources have answered. `ticket`: the page was claimed in the cache.
    private func load(_ plan: PagePlan, of page: Pending, ticket: Ticket?, request: HTTPRequest, context: PageRequestContext,
                      completion: @escaping @Sendable (PageOutcome) -> Void) {
        let site = snapshot.site
        let requests = site.dataRequests(template: plan.template, params: plan.params, query: plan.query)
        switch dataLoader.start(requests, site: site) {
        case .loaded(let data):
            answer(plan, of: page, data: data, requests: requests, ticket: ticket, request: request, context: context, completion: completion)
        case .fetching(let local, let remote, let upstream):
            PageDataLoader.fetch(remote, from: upstream, into: local, context: context) { data in
                answer(plan, of: page, data: data, requests: requests, ticket: ticket, request: request, context: context, completion: completion)
            }
        }
    }

    /// Assembly, negotiation and encoding of `plan` with its `data`, the representation offered
    /// to the cache for its lifetime (`PageCachePolicy`) when the page was claimed there, and the answer.
    private func answer(_ plan: PagePlan, of page: Pending, data: PageData, requests: [DataRequest], ticket: Ticket?, request: HTTPRequest,
                        context: PageRequestContext, completion: @escaping @Sendable (PageOutcome) -> Void) {
        let result = PageResolver(site: snapshot.site, explains: explains).resolve(plan, data: data, at: context.date)
        guard let cache, let ticket, case .cached(let key) = page else {
            // The result is moved on, not copied: the representation keeps it.
            let representation = Representation(result, kept: false)
            return completion(outcome(representation, cache: plan.personal ? .personal : .bypass, request: request,
                                      trace: context.trace, date: context.date))
        }
        let lifetime = PageCachePolicy.lifetime(PageCachePolicy.lifetime(requests, data: data), until: result.nextEdge, from: context.date)
        let expiresAt = lifetime.map { context.now() + $0 }
        let representation: Representation, cost: Int
        if let shared = sharedRepresentation(result, plan: plan, cache: cache, context: context) {
            (representation, cost) = (shared, Self.aliasCharge(key))
        } else {
            // One the cache won't keep is not charged: walking its key and buffers would be for nothing.
            let kept = cache.keeps(expiresAt)
            representation = Representation(result, kept: kept)
            cost = kept ? Self.charge(representation, key: key) : 0
        }
        cache.deliver(representation, for: key, claim: ticket, cost: cost, expiresAt: expiresAt)
        completion(outcome(representation, cache: .miss, request: request, trace: context.trace, date: context.date))
    }

    /// The bytes a cache entry of `representation` under `key` holds: the representation, the
    /// key and the cache's bookkeeping for it.
    static func charge(_ representation: Representation, key: CacheKey) -> Int {
        representation.cost + key.cost + ResponseCache<CacheKey, Representation>.bookkeepingBytesPerEntry
    }
}
