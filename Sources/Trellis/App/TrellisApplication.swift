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

extension ServeOptions {
    /// The HTTP server's configuration from the serve options.
    var httpConfiguration: HTTPServer.Configuration {
        var configuration = HTTPServer.Configuration()
        configuration.host = host
        configuration.port = port
        configuration.maxRequestLine = maxRequestLine
        configuration.maxHeaderBytes = maxHeaderBytes
        configuration.maxHeaderCount = maxHeaderCount
        configuration.maxBody = maxBody
        configuration.headTimeout = headTimeout
        configuration.idleTimeout = idleTimeout
        configuration.maxConnections = maxConnections
        if let eventLoops { configuration.eventLoops = eventLoops }
        if let tlsCertificate, let tlsKey {
            configuration.tls = TLSConfiguration(certificatePath: tlsCertificate, privateKeyPath: tlsKey)
        }
        return configuration
    }
}
