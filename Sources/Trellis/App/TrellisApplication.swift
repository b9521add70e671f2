import Foundation
import HTTPClient
import HTTPServer
import Logging
import SDUI
import Synchronization

/// The application's shared state: the served Pages version, the response cache, metrics,
/// the access log, readiness, and the page pipeline and HTTP handler built on them.
final class TrellisApplication: Sendable {
    let store: SiteStore
    let cache: ResponseCache<CacheKey, Representation>
    let metrics: TrellisMetrics
    let accessLog: AccessLog
    let dataLoader: PageDataLoader
    /// The client of `url` sources and actions' backends.
    let upstream: UpstreamClient
    /// Actions' backend calls under way (SPEC §11).
    let actionCalls: ActionCalls
    /// `--max-body`: an action's body is checked against it in SPEC §11's order.
    let maxBody: Int
    /// Cross-origin access (`--cors-origins`); nil: off.
    let cors: CORSPolicy?
    /// What each event loop remembers between requests (`LoopMemos`), by loop index.
    private let loopMemos: [LoopMemos]
    /// Whether `/_preview/` is served (`--preview`).
    let previews: Bool
    /// Whether the public port serves `/metrics` (no `--metrics-port`).
    let metricsOnPublicPort: Bool
    /// `--at`: the fixed instant pages are rendered as of; nil: each request's own time.
    private let scheduleInstant: Date?
    private let draining = Atomic<Bool>(false)

    /// The application for `site`; upstream calls speak TLS with `upstreamTLS` and log
    /// through `logger`; the access log is `accessLog`, else one on stdout in `options.logFormat`.
    init(site: Site, options: ServeOptions, upstreamTLS: ClientTLSContext? = nil,
         logger: Logger = Logger(label: "trellis"), accessLog: AccessLog? = nil) {
        let store = SiteStore(site)
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: options.responseCacheBytes)
        let metrics = TrellisMetrics()
        self.store = store
        self.cache = cache
        self.metrics = metrics
        self.accessLog = accessLog ?? AccessLog(loops: options.http.eventLoops, format: options.logFormat)
        cors = CORSPolicy(origins: options.corsOrigins)
        previews = options.preview
        metricsOnPublicPort = options.metricsPort == nil
        scheduleInstant = options.scheduleInstant
        loopMemos = (0..<max(1, options.http.eventLoops)).map { _ in LoopMemos() }
        // Upstream values get a quarter of `--cache-bytes`, pages the rest (docs/DECISIONS.md).
        let upstream = UpstreamClient(registry: metrics.registry, cacheBytes: options.upstreamCacheBytes, tls: upstreamTLS, logger: logger)
        self.upstream = upstream
        dataLoader = PageDataLoader(upstream: upstream)
        actionCalls = ActionCalls(upstream: upstream)
        maxBody = options.http.maxBody
        let registry = metrics.registry
        registry.counter("trellis_cache_hits_total", help: "Page requests answered from the response cache.") {
            Double(cache.hits)
        }
        registry.counter("trellis_cache_misses_total", help: "Page requests that assembled their page.") {
            Double(cache.misses)
        }
        registry.gauge("trellis_config_version", help: "Generation of the Pages version served (1 at start).") {
            Double(store.current.generation)
        }
        let actionCalls = self.actionCalls
        registry.counter("trellis_action_calls_joined_total",
                         help: "Action requests that joined a backend call under way (same Idempotency-Key, credentials and input).") {
            Double(actionCalls.joined)
        }
        metrics.pagesLoaded()
    }

    /// The pipeline of the Pages version serving now, with the shared cache.
    var pipeline: PagePipeline { pipeline(on: store.current) }

    /// The pipeline of the Pages version `snapshot`, with the shared cache.
    func pipeline(on snapshot: SiteStore.Snapshot) -> PagePipeline {
        PagePipeline(snapshot: snapshot, cache: cache, dataLoader: dataLoader, varyOrigin: cors != nil)
    }

    /// The memos of event loop `loop`, to be used on its thread only; nil past the loops the
    /// server was configured with.
    func memos(loop: Int) -> LoopMemos? {
        loopMemos.indices.contains(loop) ? loopMemos[loop] : nil
    }

    /// The runner of actions (SPEC §11) on the Pages version `snapshot` (the one whose actions
    /// the request was checked against).
    func actions(on snapshot: SiteStore.Snapshot) -> ActionRunner {
        ActionRunner(pipeline: pipeline(on: snapshot), calls: actionCalls, upstream: upstream, cors: cors, maxBody: maxBody)
    }

    /// The instant a request arriving now is rendered as of (SPEC §7.5): `--at`, else now.
    var scheduleDate: Date { scheduleInstant ?? Date() }

    /// The HTTP handler serving pages and the ops endpoints.
    var handler: PageHandler { PageHandler(app: self) }

    /// Whether `/readyz` should answer 503.
    var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Marks the process as draining; false if it already was.
    func beginDraining() -> Bool {
        !draining.exchange(true, ordering: .relaxed)
    }

    /// A new Pages version is in place: no cached representation of the old one is served, and
    /// the metrics note the time.
    func didReload() {
        cache.removeAll()
        metrics.pagesLoaded()
    }
}
