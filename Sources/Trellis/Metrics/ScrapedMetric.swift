/// A value read from a closure at scrape time: a gauge (open connections, config version) or
/// a counter kept elsewhere (a `ResponseCache`'s hits and misses).
final class ScrapedMetric: PrometheusMetric {
    /// The Prometheus type the value is exposed as.
    enum Kind: String, Sendable {
        /// A value that goes up and down.
        case gauge
        /// A value that only goes up.
        case counter
    }

    /// The family name.
    let name: String
    private let help: String
    private let kind: Kind
    private let read: @Sendable () -> Double

    /// A metric whose value is `read()` at each scrape; register it through `MetricsRegistry`.
    init(name: String, help: String, kind: Kind, read: @escaping @Sendable () -> Double) {
        self.name = name
        self.help = help
        self.kind = kind
        self.read = read
    }

    func render(into output: inout String) {
        output += PrometheusText.header(name: name, help: help, type: kind.rawValue)
        output += "\(name) \(PrometheusText.format(read()))\n"
    }
}
