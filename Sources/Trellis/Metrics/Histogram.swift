import Synchronization

/// A histogram with fixed upper bounds (Prometheus `histogram`): `_bucket{le="…"}` lines
/// (cumulative, ending with `+Inf`), `_sum` and `_count`.
///
/// An observation finds its bucket by a linear scan of ~14 bounds and updates three numbers
/// under one lock.
package final class Histogram: PrometheusMetric {
    /// The bounds of `trellis_request_duration_seconds`, in seconds.
    package static let requestDurationBuckets: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    /// Everything the lock guards.
    private struct State {
        /// Observations per bucket, not cumulative; the last one is `+Inf`.
        var counts: [Int]
        var sum = 0.0
    }

    /// The family name.
    let name: String
    private let help: String
    private let bounds: [Double]
    private let state: Mutex<State>

    /// A histogram with strictly increasing finite `bounds`; register it through `MetricsRegistry`.
    init(name: String, help: String, bounds: [Double]) {
        precondition(zip(bounds, bounds.dropFirst()).allSatisfy { $0 < $1 }, "\(name): bounds must increase")
        self.name = name
        self.help = help
        self.bounds = bounds
        state = Mutex(State(counts: Array(repeating: 0, count: bounds.count + 1)))
    }

    /// Records one observation (a value equal to a bound falls in that bound's bucket).
    package func observe(_ value: Double) {
        let bucket = bounds.firstIndex { value <= $0 } ?? bounds.count
        state.withLock {
            $0.counts[bucket] += 1
            $0.sum += value
        }
    }

    /// Records a duration in seconds.
    package func observe(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        observe(Double(seconds) + Double(attoseconds) * 1e-18)
    }

    func render(into output: inout String) {
        let snapshot = state.withLock { $0 }
        output += PrometheusText.header(name: name, help: help, type: "histogram")
        var cumulative = 0
        for (index, count) in snapshot.counts.enumerated() {
            cumulative += count
            let bound = index < bounds.count ? PrometheusText.format(bounds[index]) : "+Inf"
            output += "\(name)_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        output += "\(name)_sum \(PrometheusText.format(snapshot.sum))\n"
        output += "\(name)_count \(cumulative)\n"
    }
}
