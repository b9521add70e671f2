import HTTPServer
import SDUI
import Synchronization

/// The application's shared state: the served Pages version, the response cache, metrics,
/// the access log, readiness, and the HTTP handler built on them.
final class TrellisApplication: Sendable {
    let store: SiteStore
    let cache: ResponseCache<CacheKey, Representation>
    let metrics: TrellisMetrics
    let accessLog: AccessLog
    let dataLoader: PageDataLoader
    private let draining = Atomic<Bool>(false)

    init(site: Site, options: ServeOptions, accessLog: AccessLog = AccessLog()) {
        store = SiteStore(site)
        cache = ResponseCache(capacityBytes: options.cacheBytes)
        metrics = TrellisMetrics()
        self.accessLog = accessLog
        dataLoader = PageDataLoader(upstream: UpstreamClient(registry: metrics.registry))
        metrics.configVersion = { [store] in store.current.generation }
        metrics.cacheCounts = { [cache] in (cache.hits, cache.misses) }
    }

    /// The HTTP handler serving pages and the ops endpoints.
    var handler: PageHandler { PageHandler(app: self) }

    /// Whether `/readyz` should answer 503.
    var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Marks the process as draining; false if it already was.
    func beginDraining() -> Bool {
        !draining.exchange(true, ordering: .relaxed)
    }

    /// A new Pages version is in place: no cached representation of the old one is served.
    func didReload() {
        cache.removeAll()
    }
}
