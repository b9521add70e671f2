import Synchronization

/// A monotonically increasing count (Prometheus `counter`), one atomic add per increment.
package final class Counter: PrometheusMetric {
    /// The family name.
    let name: String
    private let help: String
    private let count = Atomic<Int>(0)

    /// A counter named `name`; register it through `MetricsRegistry.counter(_:help:)`.
    init(name: String, help: String) {
        self.name = name
        self.help = help
    }

    /// The current count.
    package var value: Int { count.load(ordering: .relaxed) }

    /// Adds `amount` (not negative) to the count.
    package func increment(by amount: Int = 1) {
        precondition(amount >= 0, "a counter only goes up")
        count.add(amount, ordering: .relaxed)
    }

    func render(into output: inout String) {
        output += PrometheusText.header(name: name, help: help, type: "counter")
        output += "\(name) \(value)\n"
    }
}
