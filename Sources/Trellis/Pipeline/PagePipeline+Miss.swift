import Foundation
import HTTPServer
import SDUI

/// The miss: a pending page's data are loaded (`startLoading`), it is assembled (`resolve`),
/// encoded, offered to the cache when it was claimed there, and answered on its terms. When
/// every data entry is answered at once (file sources, or url sources with no upstream to ask)
/// all of it runs in place, the plan and the request's context borrowed throughout: no closure
/// is made and neither is copied. Only a url source to fetch makes the rest a closure.
extension PagePipeline {
    /// The cache's ticket for a computation of a page that `PendingPage.finish` claimed there.
    typealias Ticket = ResponseCache<CacheKey, Representation>.Ticket

    /// The data step of `plan`, the plan of `page`, then the rest: in place when every entry is
    /// answered at once, else once the url sources have answered. `ticket`: the page was
    /// claimed in the cache.
    func assemble(_ plan: PagePlan, of page: PendingPage, ticket: Ticket?, context: PageRequestContext,
                  completion: @escaping @Sendable (PageOutcome) -> Void) {
        let (requests, loading) = startLoading(plan)
        switch loading {
        case .loaded(let data):
            complete(plan, of: page, data: data, requests: requests, ticket: ticket, context: context, completion: completion)
        case .fetching(let local, let remote, let upstream):
            PageDataLoader.fetch(remote, from: upstream, into: local, context: context) { data in
                complete(plan, of: page, data: data, requests: requests, ticket: ticket, context: context, completion: completion)
            }
        }
    }

    /// Assembly, negotiation and encoding of `plan` with its `data`, the representation offered
    /// to the cache for its lifetime (`PageCachePolicy`) when the page was claimed there, and the
    /// answer on the page's terms.
    private func complete(_ plan: PagePlan, of page: PendingPage, data: PageData, requests: [DataRequest], ticket: Ticket?,
                          context: PageRequestContext, completion: @escaping @Sendable (PageOutcome) -> Void) {
        let result = resolve(plan, data: data, at: context.date)
        guard let cache, let ticket, case .cached(let key) = page.work else {
            // The result is moved on, not copied: the representation keeps it.
            let representation = Representation(result, kept: false)
            return completion(PageOutcome(representation, cache: plan.personal ? .personal : .bypass, trace: context.trace,
                                          terms: page.terms, date: context.date))
        }
        // A page with an `auto` section deferred for want of a fresh value is not kept (SPEC §10.1).
        let lifetime = plan.deferred?.forFreshness == true ? .zero
            : PageCachePolicy.lifetime(PageCachePolicy.lifetime(requests, data: data), until: result.nextEdge, from: context.date)
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
        completion(PageOutcome(representation, cache: .miss, trace: context.trace, terms: page.terms, date: context.date))
    }

    /// The bytes a cache entry of `representation` under `key` holds: the representation, the
    /// key and the cache's bookkeeping for it.
    static func charge(_ representation: Representation, key: CacheKey) -> Int {
        representation.cost + key.cost + ResponseCache<CacheKey, Representation>.bookkeepingBytesPerEntry
    }
}
