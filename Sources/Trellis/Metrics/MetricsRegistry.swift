import Synchronization

/// A tiny Prometheus registry: create metrics through it, record on the returned objects, and
/// serve `render()` at `/metrics`.
///
/// Families render in registration order (never dictionary order), each with `# HELP` and
/// `# TYPE` lines, in the text exposition format 0.0.4 (`text/plain; version=0.0.4`).
/// Registering two families with the same name is a programming error.
package final class MetricsRegistry: Sendable {
    /// The `Content-Type` of `render()`'s output.
    package static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    private let metrics = Mutex<[any PrometheusMetric]>([])

    /// An empty registry.
    package init() {}

    /// Registers a counter without labels.
    package func counter(_ name: String, help: String) -> Counter {
        register(Counter(name: name, help: help))
    }

    /// Registers a counter family with `labelNames`.
    package func labeledCounter(_ name: String, help: String, labelNames: [String]) -> LabeledCounter {
        register(LabeledCounter(name: name, help: help, labelNames: labelNames))
    }

    /// Registers a histogram with the given upper bounds (`+Inf` is implied), one series per
    /// set of values of `labelNames` (none: a single series).
    package func histogram(_ name: String, help: String, buckets: [Double], labelNames: [String] = []) -> Histogram {
        register(Histogram(name: name, help: help, bounds: buckets, labelNames: labelNames))
    }

    /// Registers a gauge without labels, set through the returned object.
    package func gauge(_ name: String, help: String) -> Gauge {
        register(Gauge(name: name, help: help))
    }

    /// Registers a gauge whose value `read` returns at each scrape.
    package func gauge(_ name: String, help: String, read: @escaping @Sendable () -> Double) {
        register(ScrapedMetric(name: name, help: help, kind: .gauge, read: read))
    }

    /// Registers a gauge family with `labelNames` whose samples `read` returns at each scrape.
    package func labeledGauge(_ name: String, help: String, labelNames: [String],
                              read: @escaping @Sendable () -> [[String]: Double]) {
        register(ScrapedFamily(name: name, help: help, labelNames: labelNames, read: read))
    }

    /// Registers a counter kept elsewhere, read at each scrape.
    package func counter(_ name: String, help: String, read: @escaping @Sendable () -> Double) {
        register(ScrapedMetric(name: name, help: help, kind: .counter, read: read))
    }

    /// Every family's lines, in registration order.
    package func render() -> String {
        let snapshot = metrics.withLock { $0 }
        var output = ""
        for metric in snapshot { metric.render(into: &output) }
        return output
    }

    @discardableResult
    private func register<Metric: PrometheusMetric>(_ metric: Metric) -> Metric {
        metrics.withLock { metrics in
            precondition(!metrics.contains { $0.name == metric.name }, "metric \(metric.name) registered twice")
            metrics.append(metric)
        }
        return metric
    }
}
