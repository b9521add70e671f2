import Foundation

/// How many generated cases a differential test runs: `TRELLIS_DIFF_CASES` when set (`make
/// fuzz-diff` and reviews run many more), else the test's own count for `make test`.
public enum GeneratedCases {
    public static func count(default fallback: Int) -> Int {
        ProcessInfo.processInfo.environment["TRELLIS_DIFF_CASES"].flatMap { Int($0) } ?? fallback
    }
}
