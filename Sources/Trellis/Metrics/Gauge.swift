import Synchronization

/// A value that is set rather than counted (Prometheus `gauge`), e.g. the time of the last
/// successful reload. One atomic store per `set`; the `Double` is kept as its bits.
package final class Gauge: PrometheusMetric {
    /// The family name.
    let name: String
    private let help: String
    private let bits = Atomic<UInt64>(0.0.bitPattern)

    /// A gauge named `name`, at 0; register it through `MetricsRegistry.gauge(_:help:)`.
    init(name: String, help: String) {
        self.name = name
        self.help = help
    }

    /// The current value.
    package var value: Double { Double(bitPattern: bits.load(ordering: .relaxed)) }

    /// Sets the value.
    package func set(_ value: Double) {
        bits.store(value.bitPattern, ordering: .relaxed)
    }

    func render(into output: inout String) {
        output += PrometheusText.header(name: name, help: help, type: "gauge")
        output += "\(name) \(PrometheusText.format(value))\n"
    }
}
