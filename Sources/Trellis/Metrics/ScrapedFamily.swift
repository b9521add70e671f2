/// A gauge family with labels whose samples are read from a closure at scrape time, e.g.
/// `trellis_upstream_breaker_open{source="cart"} 1`. Samples render sorted by label values.
final class ScrapedFamily: PrometheusMetric {
    /// The family name.
    let name: String
    private let help: String
    private let labelNames: [String]
    private let read: @Sendable () -> [[String]: Double]

    /// A family whose samples (label values → value) are `read()` at each scrape.
    init(name: String, help: String, labelNames: [String], read: @escaping @Sendable () -> [[String]: Double]) {
        self.name = name
        self.help = help
        self.labelNames = labelNames
        self.read = read
    }

    func render(into output: inout String) {
        output += PrometheusText.header(name: name, help: help, type: "gauge")
        for (values, value) in read().sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            output += "\(name)\(PrometheusText.labels(labelNames, values)) \(PrometheusText.format(value))\n"
        }
    }
}
