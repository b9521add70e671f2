import Synchronization

/// A counter family with labels, e.g. `trellis_requests_total{page="home",status="200",…}`.
///
/// Counts live in one dictionary keyed by label values behind one short lock. Samples render sorted by label values, so the text is stable across runs.
/// The last set of values counted through `increment(_:_:_:rest:)` keeps a running count of its
/// own, added to the dictionary when another set is counted or the counts are read: a run of
/// requests for one page, status and client class hashes nothing.
package final class LabeledCounter: PrometheusMetric {
    /// The family name.
    let name: String
    private let help: String
    private let labelNames: [String]
    private struct State {
        var counts: [LabelValues: Int] = [:]
        /// The values counted last and their count not yet in `counts` (when `hasRecent`): kept
        /// as plain fields, so that checking and counting them copies nothing.
        var hasRecent = false
        var recentValues = LabelValues([])
        var recentCount = 0
        /// The children handed out (`child`), each counting apart.
        var handed: [LabelValues: Child] = [:]

        /// `counts` with the recent values' count added in, and the handed-out children's.
        mutating func settled() -> [LabelValues: Int] {
            if hasRecent {
                counts[recentValues, default: 0] += recentCount
                hasRecent = false
            }
            guard !handed.isEmpty else { return counts }
            var all = counts
            for (values, child) in handed where child.count > 0 { all[values, default: 0] += child.count }
            return all
        }
    }

    /// One child of the family, for a caller that counts it again and again (a page answered
    /// again to the same head, `RepeatedPageHit`): counting it takes the lock and compares and
    /// hashes nothing. Its count is touched under the family's lock only.
    package final class Child: @unchecked Sendable {
        fileprivate var count = 0
    }

    private let children = Mutex(State())

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
        children.withLock { $0.counts[LabelValues(labelValues), default: 0] += amount }
    }

    /// Adds one for the values `first`, `second`, `third`, then `rest`, building no array when
    /// `rest` is one the caller keeps (a request's count: page, section, status, then its client
    /// class's labels).
    package func increment(_ first: String, _ second: String, _ third: String, rest: [String] = []) {
        precondition(labelNames.count == 3 + rest.count, "\(name): wrong number of label values")
        incrementRecent { $0.equals(first, second, third, rest: rest) } made: { LabelValues(first, second, third, rest: rest) }
    }

    /// Adds one for the values `first` and `second`, building no array (an action's `action`
    /// and `status`).
    package func increment(_ first: String, _ second: String) {
        precondition(labelNames.count == 2, "\(name): wrong number of label values")
        incrementRecent { $0.equals(first, second) } made: { LabelValues(first, second) }
    }

    /// Adds one for the values that `matches` (the recent ones, when it says so: nothing is
    /// hashed) or that `made` makes (which become the recent ones).
    private func incrementRecent(_ matches: (LabelValues) -> Bool, made: () -> LabelValues) {
        children.withLock { state in
            if state.hasRecent, matches(state.recentValues) {
                state.recentCount += 1
                return
            }
            _ = state.settled()
            state.recentValues = made()
            state.recentCount = 1
            state.hasRecent = true
        }
    }

    /// The child of the values `first`, `second`, `third`, then `rest`, to count with `increment(_:)`.
    package func child(_ first: String, _ second: String, _ third: String, rest: [String] = []) -> Child {
        precondition(labelNames.count == 3 + rest.count, "\(name): wrong number of label values")
        let values = LabelValues(first, second, third, rest: rest)
        return children.withLock { state in
            if let child = state.handed[values] { return child }
            let child = Child()
            state.handed[values] = child
            return child
        }
    }

    /// Adds one to `child` (handed out by this family).
    package func increment(_ child: Child) {
        children.withLock { _ in child.count += 1 }
    }

    /// The count for `labelValues` (0 when never incremented).
    package func value(_ labelValues: [String]) -> Int {
        children.withLock { $0.settled()[LabelValues(labelValues)] ?? 0 }
    }

    func render(into output: inout String) {
        output += PrometheusText.header(name: name, help: help, type: "counter")
        let samples = children.withLock { $0.settled() }.map { (values: $0.key.values, count: $0.value) }
        for (values, count) in samples.sorted(by: { $0.values.lexicographicallyPrecedes($1.values) }) {
            output += "\(name)\(PrometheusText.labels(labelNames, values)) \(count)\n"
        }
    }
}
