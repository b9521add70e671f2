/// The upstream families on the app's registry. Counts are per upstream call (a cache hit or
/// a fetch that joined a call in flight makes none), labelled by the source's name.

struct UpstreamMetrics: Sendable {
    /// `trellis_upstream_requests_total{source}`: upstream calls made.
    let requests: LabeledCounter
    /// `trellis_upstream_failures_total{source}`: calls that gave no value (timeouts included).
    let failures: LabeledCounter
    /// `trellis_upstream_timeouts_total{source}`: calls that ran out of time.
    let timeouts: LabeledCounter
    /// `trellis_upstream_cache_hits_total{source}`: fetches answered from the cache.
    let cacheHits: LabeledCounter
    /// `trellis_upstream_duration_seconds{source}`: how long each upstream call took.
    let duration: Histogram

    /// Registers the families on `registry` (once per registry), with the gauge of `breakers`.
    init(registry: MetricsRegistry, breakers: CircuitBreaker) {
        registry.labeledGauge(
            "trellis_upstream_breaker_open", help: "Whether a source's circuit breaker is open (1) or closed (0).",
            labelNames: ["source"]
        ) {
            Dictionary(uniqueKeysWithValues: breakers.openStates().map { ([$0.key], $0.value ? 1 : 0) })
        }
        requests = registry.labeledCounter(
            "trellis_upstream_requests_total", help: "Calls to upstream url sources.", labelNames: ["source"])
        failures = registry.labeledCounter(
            "trellis_upstream_failures_total",
            help: "Upstream calls that gave no value (refused, reset, non-200, not JSON, timeout).",
            labelNames: ["source"])
        timeouts = registry.labeledCounter(
            "trellis_upstream_timeouts_total", help: "Upstream calls that exceeded their timeout.", labelNames: ["source"])
        cacheHits = registry.labeledCounter(
            "trellis_upstream_cache_hits_total", help: "Fetches of url sources answered from the cache.",
            labelNames: ["source"])
        duration = registry.histogram(
            "trellis_upstream_duration_seconds", help: "Duration of upstream calls, by source.",
            buckets: Histogram.requestDurationBuckets, labelNames: ["source"])
    }
}
