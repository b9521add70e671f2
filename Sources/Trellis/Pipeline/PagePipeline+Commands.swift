import Dispatch
import Foundation
import HTTPServer
import SDUI
import Synchronization

/// The pipeline as the commands use it (`render`, `diff`, `validate --max-bytes`): no response
/// cache, one request at a time, waited for.
extension PagePipeline {
    /// A pipeline over `site` with no response cache.
    static func uncached(site: Site, upstream: (any UpstreamFetching)?) -> PagePipeline {
        PagePipeline(snapshot: SiteStore.Snapshot(site: site, generation: 1), cache: nil,
                     dataLoader: PageDataLoader(upstream: upstream))
    }

    /// Runs `request` through the pipeline, as of `date`, and waits for its answer.
    func answer(_ request: HTTPRequest, date: Date) -> PageOutcome {
        answer(request, context: PageRequestContext(request, date: date))
    }

    /// Runs `request` with `context` through the pipeline and waits for its answer.
    func answer(_ request: HTTPRequest, context: PageRequestContext) -> PageOutcome {
        let outcome = Mutex<PageOutcome?>(nil)
        let done = DispatchSemaphore(value: 0)
        run(request, context: context) { answer in
            outcome.withLock { $0 = answer }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0 }!
    }
}
