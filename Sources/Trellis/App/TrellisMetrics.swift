import HTTPServer
import Synchronization

/// The metrics of SPEC §4.3 on one registry. Requests, latency and bytes are recorded per
/// exchange (the server's own 4xx answers included); the cache, config and connection
/// figures are read from their owners at scrape time through the `*` closures.
final class TrellisMetrics: Sendable {
    let registry = MetricsRegistry()
    private let requests: LabeledCounter
    private let duration: Histogram
    private let responseBytes: Counter
    private let fallbacks: LabeledCounter
    private let sources = Readings()

    /// The scrape-time readings, installed by their owners.
    private final class Readings: Sendable {
        private let state = Mutex(Closures())
        func withLock<T>(_ body: (inout Closures) -> T) -> T { state.withLock { body(&$0) } }
    }

    private struct Closures {
        var cacheCounts: @Sendable () -> (hits: Int, misses: Int) = { (0, 0) }
        var configVersion: @Sendable () -> Int = { 0 }
        var reloadFailures: @Sendable () -> Int = { 0 }
        var openConnections: @Sendable () -> Int = { 0 }
    }

    init() {
        requests = registry.labeledCounter(
            "trellis_requests_total", help: "Requests answered, by page and status.", labelNames: ["page", "status"])
        duration = registry.histogram(
            "trellis_request_duration_seconds", help: "Time from a request's head to its answer.",
            buckets: Histogram.requestDurationBuckets)
        responseBytes = registry.counter("trellis_response_bytes_total", help: "Response body bytes sent.")
        registry.counter("trellis_cache_hits_total", help: "Page requests answered from the response cache.") { [sources] in
            Double(sources.withLock { $0.cacheCounts }().hits)
        }
        registry.counter("trellis_cache_misses_total", help: "Page requests that assembled their page.") { [sources] in
            Double(sources.withLock { $0.cacheCounts }().misses)
        }
        fallbacks = registry.labeledCounter(
            "trellis_fallbacks_total", help: "Components replaced or dropped for a client, by original type.",
            labelNames: ["type"])
        registry.gauge("trellis_config_version", help: "Generation of the Pages version served (1 at start).") { [sources] in
            Double(sources.withLock { $0.configVersion }())
        }
        registry.counter("trellis_config_reload_failures_total", help: "Reloads rejected by validation.") { [sources] in
            Double(sources.withLock { $0.reloadFailures }())
        }
        registry.gauge("trellis_open_connections", help: "Open client connections.") { [sources] in
            Double(sources.withLock { $0.openConnections }())
        }
    }

    var cacheCounts: @Sendable () -> (hits: Int, misses: Int) {
        get { sources.withLock { $0.cacheCounts } }
        set { sources.withLock { $0.cacheCounts = newValue } }
    }
    var configVersion: @Sendable () -> Int {
        get { sources.withLock { $0.configVersion } }
        set { sources.withLock { $0.configVersion = newValue } }
    }
    var reloadFailures: @Sendable () -> Int {
        get { sources.withLock { $0.reloadFailures } }
        set { sources.withLock { $0.reloadFailures = newValue } }
    }
    var openConnections: @Sendable () -> Int {
        get { sources.withLock { $0.openConnections } }
        set { sources.withLock { $0.openConnections = newValue } }
    }

    /// Records one answered request.
    func record(_ exchange: HTTPExchange) {
        requests.increment([AccessFields.pageLabel(exchange.logFields), String(exchange.status)])
        duration.observe(exchange.duration)
        responseBytes.increment(by: exchange.bodyBytes)
    }

    /// Counts the fallbacks a served page applied, by original component type.
    func recordFallbacks(_ byType: [String: Int]) {
        for (type, count) in byType { fallbacks.increment([type], by: count) }
    }
}
