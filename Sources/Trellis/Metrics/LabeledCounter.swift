import Synchronization

/// A counter family with labels, e.g. `trellis_requests_total{page="home",status="200"}`.
///
/// Counts live in one dictionary keyed by label values behind one short lock. Samples render sorted by label values, so the text is stable across runs.
package final class LabeledCounter: PrometheusMetric {
    /// The family name.
    let name: String
    private let help: String
    private let labelNames: [String]
    private let children = Mutex<[LabelValues: Int]>([:])

    /// A family with the given label names; register it through `MetricsRegistry`.
    init(name: String, help: String, labelNames: [String]) {
        self.name = name
        self.help = help
        self.labelNames = labelNames
    }

    /// Adds `amount` to the child with `labelValues` (in the order of the label names).
    package func increment(_ labelValues: [String], by amount: Int = 1) {
        precondition(labelValues.count == labelNames.count, "\(name): wrong number of label values")
        precondition(amount >= 0, "a counter only goes up")
        children.withLock { $0[LabelValues(labelValues), default: 0] += amount }
    }

    /// Adds one for a family of two labels, without building an array (a request's count).
    package func increment(_ first: String, _ second: String) {
        precondition(labelNames.count == 2, "\(name): wrong number of label values")
        children.withLock { $0[LabelValues(first, second), default: 0] += 1 }
    }

    /// The count for `labelValues` (0 when never incremented).
    package func value(_ labelValues: [String]) -> Int {
        children.withLock { $0[LabelValues(labelValues)] ?? 0 }
    }

    func render(into output: inout String) {
        output += PrometheusText.header(name: name, help: help, type: "counter")
        let samples = children.withLock { $0 }.map { (values: $0.key.values, count: $0.value) }
        for (values, count) in samples.sorted(by: { $0.values.lexicographicallyPrecedes($1.values) }) {
            output += "\(name)\(PrometheusText.labels(labelNames, values)) \(count)\n"
        }
    }
}
