import Foundation
import SDUI

/// A page or section rendered with the pipeline's steps but never made a response: no
/// `PageResult` and no representation (ETag, gzip, header blocks, shared-cache headers). For an
/// action's refreshed sections (`ActionRefresh`), which put a section's bytes in an answer of
/// their own, and only for plans the response cache takes no part in (a personal section, or a
/// pipeline with no cache): a shared one goes through `PendingPage`, where the cache may answer it.
extension PagePipeline {
    /// Loads the data of `plan` (decided by `decide`) and renders it as of the context's date;
    /// `completion` runs once, before this returns when every entry is answered at once, else
    /// once the url sources have answered.
    func render(_ plan: PagePlan, context: PageRequestContext,
                completion: @escaping @Sendable (PageResolver.Rendered) -> Void) {
        let resolver = PageResolver(site: snapshot.site, explains: explains)
        switch startLoading(plan).loading {
        case .loaded(let data):
            completion(resolver.rendered(plan, data: data, at: context.date))
        case .fetching(let local, let remote, let upstream):
            PageDataLoader.fetch(remote, from: upstream, into: local, context: context) { data in
                completion(resolver.rendered(plan, data: data, at: context.date))
            }
        }
    }
}
