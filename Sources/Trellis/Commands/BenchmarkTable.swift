import Foundation

/// The Markdown table `trellis bench` prints: one row per benchmark, its median per operation
/// over `batches` batches. Benchmarks whose name does not
/// contain `matching` are skipped (e.g. to profile one of them under callgrind).
struct BenchmarkTable {
    /// Only benchmarks whose name contains this run; nil: all.
    let matching: String?
    /// How many timed batches each benchmark runs.
    var batches = 9
    private var rows = ["| benchmark | median per op | ops per batch | batches |", "|---|---|---|---|"]

    /// A table that runs the benchmarks named with `matching` (all when nil).
    init(matching: String?) {
        self.matching = matching
    }

    /// The table so far, one row a line.
    var text: String { rows.joined(separator: "\n") }

    /// Times `body` in batches of `iterations` and adds its median per operation; nil (and no
    /// row) when `name` is filtered out.
    @discardableResult
    mutating func measure(_ name: String, iterations: Int, _ body: () -> Void) -> Duration? {
        guard matching.map({ name.contains($0) }) ?? true else { return nil }
        let median = Self.median(iterations: iterations, batches: batches, body)
        rows.append("| \(name) | \(Self.format(median)) | \(iterations) | \(batches) |")
        return median
    }

    /// The median time per call of `body` over `batches` batches of `iterations` calls, after a
    /// warm-up of a tenth of a batch.
    static func median(iterations: Int, batches: Int = 9, _ body: () -> Void) -> Duration {
        for _ in 0..<(iterations / 10) { body() }
        let clock = ContinuousClock()
        var perOp: [Duration] = []
        for _ in 0..<batches {
            let elapsed = clock.measure { for _ in 0..<iterations { body() } }
            perOp.append(elapsed / iterations)
        }
        return perOp.sorted()[batches / 2]
    }

    /// Adds `name` with the ratio of two medians, when both were measured.
    mutating func ratio(_ name: String, _ numerator: Duration?, _ denominator: Duration?) {
        guard let numerator, let denominator, denominator > .zero else { return }
        note(name, String(format: "%.2fx", numerator / denominator))
    }

    /// Adds a row that reports `value` instead of a measurement.
    mutating func note(_ name: String, _ value: String) {
        guard matching.map({ name.contains($0) }) ?? true else { return }
        rows.append("| \(name) | \(value) | - | - |")
    }

    /// `duration` in ns below a microsecond, else in µs with one decimal.
    static func format(_ duration: Duration) -> String {
        let nanoseconds = Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
        return nanoseconds >= 1000 ? String(format: "%.1f µs", nanoseconds / 1000) : String(format: "%.0f ns", nanoseconds)
    }
}
