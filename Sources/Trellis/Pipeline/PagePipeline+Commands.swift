import Dispatch
import Foundation
import HTTPServer
import SDUI
import Synchronization

/// The commands' door (`render`, `diff`, `validate --max-bytes`, `bench`, tests): one request at
/// a time, waited for, through the same door and steps as a served one.
extension PagePipeline {
    /// A pipeline over `site` (as Pages generation 1) with the response cache `cache` (none by
    /// default: every page is assembled), fetching url sources from `upstream` (nil: none is
    /// reachable, every url entry has no value).
    init(site: Site, cache: ResponseCache<CacheKey, Representation>? = nil, upstream: (any UpstreamFetching)?) {
        self.init(snapshot: SiteStore.Snapshot(site: site, generation: 1), cache: cache,
                  dataLoader: PageDataLoader(upstream: upstream))
    }

    /// Runs `request` through the pipeline, as of `date` with expiries measured on `now`, and
    /// waits for its answer (deciding it through `memo`, as a served request is, when given).
    /// Never on an event loop: a url source may be fetched on one.
    func answer(_ request: HTTPRequest, date: Date, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
                memo: DecisionMemo? = nil) -> PageOutcome {
        let context = PageRequestContext(request, date: date, now: now)
        let outcome = Mutex<PageOutcome?>(nil)
        let done = DispatchSemaphore(value: 0)
        serve(request, trace: context.trace, date: date, memo: memo).finish(context: context) { answer in
            outcome.withLock { $0 = answer }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0 }!
    }
}
