import Synchronization

/// A histogram family with fixed upper bounds (Prometheus `histogram`): per series,
/// `_bucket{le="…"}` lines (cumulative, ending with `+Inf`), `_sum` and `_count`. With label
/// names, one series per set of label values (e.g. `{source="recommendations"}`), rendered
/// sorted by label values; without, a single series.
///
/// An observation finds its bucket by a linear scan of ~14 bounds and updates its series
/// under one lock; an unlabelled family keeps its one series apart from the table of labelled
/// ones, so its observations hash nothing, and a labelled one keyed by `LabelValues` builds no
/// array for one or two labels (a request's `page`). The series observed last is kept apart
/// too, until another set of values is observed or the family is read: a run of requests for
/// one page and section hashes nothing.
package final class Histogram: PrometheusMetric {
    /// The bounds of `trellis_request_duration_seconds`, in seconds.
    package static let requestDurationBuckets: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    /// One series: observations per bucket (not cumulative; the last one is `+Inf`) and their sum.
    fileprivate struct Series {
        var counts: [Int]
        var sum = 0.0

        /// One observation of `value`, in `bucket`.
        mutating func record(bucket: Int, value: Double) {
            counts[bucket] += 1
            sum += value
        }

        /// The observations of both.
        static func + (a: Series, b: Series) -> Series {
            Series(counts: zip(a.counts, b.counts).map(+), sum: a.sum + b.sum)
        }
    }

    /// One series of a labelled family, for a caller that observes it again and again (a page
    /// answered again to the same head, `RepeatedPageHit`): observing it takes the lock and
    /// compares and hashes nothing. Touched under the family's lock only.
    package final class Child: @unchecked Sendable {
        fileprivate var series: Series

        fileprivate init(buckets: Int) {
            series = Series(counts: Array(repeating: 0, count: buckets))
        }
    }

    /// The family name.
    let name: String
    private let help: String
    private let bounds: [Double]
    private let labelNames: [String]
    /// The series: an unlabelled family's one, or a labelled family's by label values.
    private struct State {
        var unlabelled: Series
        var labelled: [LabelValues: Series] = [:]
        /// The values observed last and their series, not in `labelled` meanwhile (when
        /// `hasRecent`): kept as plain fields, so that checking them copies nothing.
        var hasRecent = false
        var recentValues = LabelValues([])
        var recentSeries = Series(counts: [])
        /// The series handed out (`child`), each observed apart.
        var handed: [LabelValues: Child] = [:]

        /// The labelled series, with those handed out added in.
        var allLabelled: [LabelValues: Series] {
            labelled.merging(handed.lazy.map { ($0.key, $0.value.series) }, uniquingKeysWith: +)
        }

        /// Puts the recent series back in `labelled`.
        mutating func settle() {
            guard hasRecent else { return }
            labelled[recentValues] = recentSeries
            hasRecent = false
        }
    }
    private let series: Mutex<State>

    /// A histogram with strictly increasing finite `bounds`; register it through `MetricsRegistry`.
    init(name: String, help: String, bounds: [Double], labelNames: [String] = []) {
        precondition(zip(bounds, bounds.dropFirst()).allSatisfy { $0 < $1 }, "\(name): bounds must increase")
        self.name = name
        self.help = help
        self.bounds = bounds
        self.labelNames = labelNames
        series = Mutex(State(unlabelled: Series(counts: Array(repeating: 0, count: bounds.count + 1))))
    }

    /// Records one observation (a value equal to a bound falls in that bound's bucket) in the
    /// series of `labelValues` (in the order of the label names; none for an unlabelled family).
    package func observe(_ value: Double, labels labelValues: [String] = []) {
        observe(value, labels: LabelValues(labelValues))
    }

    /// Records one observation in the series of `labelValues`, made without an array.
    func observe(_ value: Double, labels labelValues: LabelValues) {
        precondition(labelValues.count == labelNames.count, "\(name): wrong number of label values")
        let bucket = bounds.firstIndex { value <= $0 } ?? bounds.count
        let empty = bounds.count + 1
        series.withLock { state in
            if labelValues.count == 0 {
                state.unlabelled.record(bucket: bucket, value: value)
            } else if state.hasRecent, state.recentValues == labelValues {
                state.recentSeries.record(bucket: bucket, value: value)
            } else {
                state.settle()
                state.recentSeries = state.labelled.removeValue(forKey: labelValues) ?? Series(counts: Array(repeating: 0, count: empty))
                state.recentSeries.record(bucket: bucket, value: value)
                state.recentValues = labelValues
                state.hasRecent = true
            }
        }
    }

    /// The series of `first` and `second` (a family of two labels), to observe with `observe(_:in:)`.
    func child(_ first: String, _ second: String) -> Child {
        let values = LabelValues(first, second)
        precondition(values.count == labelNames.count, "\(name): wrong number of label values")
        return series.withLock { state in
            if let child = state.handed[values] { return child }
            let child = Child(buckets: bounds.count + 1)
            state.handed[values] = child
            return child
        }
    }

    /// Records a time measured in nanoseconds, in seconds, in `child` (handed out by this family).
    func observe(nanoseconds: Int64, in child: Child) {
        let value = Self.seconds(nanoseconds: nanoseconds)
        let bucket = bounds.firstIndex { value <= $0 } ?? bounds.count
        series.withLock { _ in child.series.record(bucket: bucket, value: value) }
    }

    /// `duration` in seconds.
    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// `nanoseconds` in seconds, as `seconds(_:)` makes them of the same `Duration`.
    private static func seconds(nanoseconds: Int64) -> Double {
        Double(nanoseconds / 1_000_000_000) + Double(nanoseconds % 1_000_000_000 * 1_000_000_000) * 1e-18
    }

    /// Records a time measured in nanoseconds, in seconds, in the series of `labelValues`.
    func observe(nanoseconds: Int64, labels labelValues: LabelValues) {
        observe(Self.seconds(nanoseconds: nanoseconds), labels: labelValues)
    }

    /// Records a duration in seconds.
    package func observe(_ duration: Duration, labels labelValues: [String] = []) {
        observe(Self.seconds(duration), labels: LabelValues(labelValues))
    }

    func render(into output: inout String) {
        let snapshot = series.withLock { state in
            state.settle()
            return labelNames.isEmpty ? [LabelValues([]): state.unlabelled] : state.allLabelled
        }
            .map { (values: $0.key.values, series: $0.value) }
        output += PrometheusText.header(name: name, help: help, type: "histogram")
        for (values, one) in snapshot.sorted(by: { $0.values.lexicographicallyPrecedes($1.values) }) {
            var cumulative = 0
            for (index, count) in one.counts.enumerated() {
                cumulative += count
                let bound = index < bounds.count ? PrometheusText.format(bounds[index]) : "+Inf"
                output += "\(name)_bucket\(PrometheusText.labels(labelNames + ["le"], values + [bound])) \(cumulative)\n"
            }
            let labels = PrometheusText.labels(labelNames, values)
            output += "\(name)_sum\(labels) \(PrometheusText.format(one.sum))\n"
            output += "\(name)_count\(labels) \(cumulative)\n"
        }
    }
}
