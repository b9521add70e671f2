import Foundation
import HTTPServer

/// The per-request metrics of SPEC §4.3 and §13 on one registry: requests by page, section,
/// status and client class, latency by page and section, response bytes and fallbacks by type, plus the build's
/// version and the time of the last successful load of Pages/. The figures other objects keep
/// (cache counts, the config version, reload failures, open connections, the process's own)
/// are registered on `registry` by the objects that own them, when those are made.
final class TrellisMetrics: Sendable {
    let registry = MetricsRegistry()
    private let requests: LabeledCounter
    private let duration: Histogram
    private let responseBytes: Counter
    private let fallbacks: LabeledCounter
    private let actionFallbacks: LabeledCounter
    private let actions: LabeledCounter
    private let actionDuration: Histogram
    /// The Unix time of the last successful load of Pages/ (0: none yet).
    private let lastLoad: Gauge

    /// The labels of `trellis_request_duration_seconds`. `section` is the section answered alone
    /// (SPEC §10.1), empty for a whole page (and for a JSON error or the upgrade or not-found
    /// page answered in a section's place), so `{section=""}` selects whole pages.
    static let durationLabels = ["page", "section"]

    init() {
        requests = registry.labeledCounter(
            "trellis_requests_total", help: "Requests answered, by page, section, status, client platform and client class.",
            labelNames: ["page", "section", "status", "platform", "class"])
        duration = registry.histogram(
            "trellis_request_duration_seconds", help: "Time from a request's head to its answer, by page and section.",
            buckets: Histogram.requestDurationBuckets, labelNames: Self.durationLabels)
        responseBytes = registry.counter("trellis_response_bytes_total", help: "Response body bytes sent.")
        fallbacks = registry.labeledCounter(
            "trellis_fallbacks_total", help: "Components replaced or dropped for a client, by original type.",
            labelNames: ["type"])
        actionFallbacks = registry.labeledCounter(
            "trellis_action_fallbacks_total", help: "Actions replaced or dropped for a client, by original action type.",
            labelNames: ["type"])
        actions = registry.labeledCounter(
            "trellis_actions_total", help: "Action requests answered, by action and the status Trellis answered.",
            labelNames: ["action", "status"])
        actionDuration = registry.histogram(
            "trellis_action_duration_seconds", help: "Time from an action request's head to its answer, by action.",
            buckets: Histogram.requestDurationBuckets, labelNames: ["action"])
        lastLoad = registry.gauge("trellis_config_last_reload_success_timestamp_seconds",
                                  help: "Unix time of the last successful load of Pages/ (the one at start included).")
        registry.labeledGauge("trellis_build_info", help: "The running build; always 1.", labelNames: ["version"]) {
            [[TrellisVersion.current]: 1]
        }
    }

    /// Counts one answer: `page` is its `page` label (`-` when no page was chosen), `section`
    /// its `section` label (empty for a whole page) and `client` its `platform` and `class`
    /// labels (`ClientClassLabels`).
    func count(page: String, section: String, status: Int, client: [String]) {
        requests.increment(page, section, Self.statusLabel(status), rest: client)
    }

    /// Records one answered request's time, bytes and fallbacks: `page` and `section` are its
    /// labels (as in `count`), `fallbacks` the fallbacks its page applied, by original component type, and
    /// `actionFallbacks` the same for actions, by original action type.
    func record(_ exchange: HTTPExchange, page: String, section: String, fallbacks byType: [String: Int],
                actionFallbacks: [String: Int]) {
        duration.observe(nanoseconds: exchange.nanoseconds, labels: LabelValues(page, section))
        recordBytesAndFallbacks(exchange, fallbacks: byType, actionFallbacks: actionFallbacks)
    }

    /// `record` for an answer whose duration series was looked up before (`durationSeries`).
    func record(_ exchange: HTTPExchange, in series: Histogram.Child, fallbacks byType: [String: Int], actionFallbacks: [String: Int]) {
        duration.observe(nanoseconds: exchange.nanoseconds, in: series)
        recordBytesAndFallbacks(exchange, fallbacks: byType, actionFallbacks: actionFallbacks)
    }

    private func recordBytesAndFallbacks(_ exchange: HTTPExchange, fallbacks byType: [String: Int], actionFallbacks: [String: Int]) {
        responseBytes.increment(by: exchange.bodyBytes)
        for (type, count) in byType { fallbacks.increment([type], by: count) }
        for (type, count) in actionFallbacks { self.actionFallbacks.increment([type], by: count) }
    }

    /// The `trellis_requests_total` child of these labels (as `count` takes them), for an
    /// answer given again and again (`RepeatedPageHit`): counted with `count(_:)`.
    func requestsChild(page: String, section: String, status: Int, client: [String]) -> LabeledCounter.Child {
        requests.child(page, section, Self.statusLabel(status), rest: client)
    }

    /// Counts one answer in `child`.
    func count(_ child: LabeledCounter.Child) {
        requests.increment(child)
    }

    /// The `trellis_request_duration_seconds` series of `page` and `section`, for an answer given
    /// again and again: recorded with `record(_:in:fallbacks:actionFallbacks:)`.
    func durationSeries(page: String, section: String) -> Histogram.Child {
        duration.child(page, section)
    }

    /// Records one answered action request (SPEC §11): `action` is its label (`-` for a path
    /// that names no action).
    func record(action: String, _ exchange: HTTPExchange) {
        actions.increment(action, Self.statusLabel(exchange.status))
        actionDuration.observe(nanoseconds: exchange.nanoseconds, labels: LabelValues(action))
    }

    /// A version of Pages/ was loaded and is served from now on (at start, and on each reload).
    func pagesLoaded(at date: Date = Date()) {
        lastLoad.set(date.timeIntervalSince1970)
    }

    /// The `status` label: the decimal status, made once per status code rather than per request.
    private static func statusLabel(_ status: Int) -> String {
        statusLabels.indices.contains(status) ? statusLabels[status] : String(status)
    }

    private static let statusLabels = (0..<600).map { String($0) }
}
