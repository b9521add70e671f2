import HTTPServer

/// The per-request metrics of SPEC §4.3 on one registry: requests by page and status,
/// latency, response bytes and fallbacks by type, recorded per exchange (the server's own
/// 4xx answers included). The figures other objects keep (cache counts, the config
/// version, reload failures, open connections) are registered on `registry` by the objects
/// that own them, when those are made.
final class TrellisMetrics: Sendable {
    let registry = MetricsRegistry()
    private let requests: LabeledCounter
    private let duration: Histogram
    private let responseBytes: Counter
    private let fallbacks: LabeledCounter
    private let actionFallbacks: LabeledCounter

    init() {
        requests = registry.labeledCounter(
            "trellis_requests_total", help: "Requests answered, by page and status.", labelNames: ["page", "status"])
        duration = registry.histogram(
            "trellis_request_duration_seconds", help: "Time from a request's head to its answer.",
            buckets: Histogram.requestDurationBuckets)
        responseBytes = registry.counter("trellis_response_bytes_total", help: "Response body bytes sent.")
        fallbacks = registry.labeledCounter(
            "trellis_fallbacks_total", help: "Components replaced or dropped for a client, by original type.",
            labelNames: ["type"])
        actionFallbacks = registry.labeledCounter(
            "trellis_action_fallbacks_total", help: "Actions replaced or dropped for a client, by original action type.",
            labelNames: ["type"])
    }

    /// Records one answered request: `page` is its `page` label (`-` when no page was chosen),
    /// `fallbacks` the fallbacks its page applied, by original component type, and
    /// `actionFallbacks` the same for actions, by original action type.
    func record(_ exchange: HTTPExchange, page: String, fallbacks byType: [String: Int], actionFallbacks: [String: Int]) {
        requests.increment(page, Self.statusLabel(exchange.status))
        duration.observe(exchange.duration)
        responseBytes.increment(by: exchange.bodyBytes)
        for (type, count) in byType { fallbacks.increment([type], by: count) }
        for (type, count) in actionFallbacks { self.actionFallbacks.increment([type], by: count) }
    }

    /// The `status` label: the decimal status, made once per status code rather than per request.
    private static func statusLabel(_ status: Int) -> String {
        statusLabels.indices.contains(status) ? statusLabels[status] : String(status)
    }

    private static let statusLabels = (0..<600).map { String($0) }
}
