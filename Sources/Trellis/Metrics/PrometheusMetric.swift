/// A metric family the registry can render; each kind renders its own lines.
protocol PrometheusMetric: Sendable {
    /// The family name, unique within a registry.
    var name: String { get }
    /// Appends the family's `# HELP`, `# TYPE` and sample lines to `output`.
    func render(into output: inout String)
}
