import Foundation

/// The instant every test renders pages as of, unless it names its own: no test reads today's
/// date, so the sample Pages' schedules (SPEC §7.5) can't change an answer from one day to the
/// next. It lies outside every schedule window of the sample Pages; tests that cross those
/// windows take their instants from `SampleSchedule`.
public enum TestInstant {
    /// 2026-06-15T12:00:00Z.
    public static let rfc3339 = "2026-06-15T12:00:00Z"
    /// `rfc3339` as a `Date`.
    public static let date = Date(timeIntervalSince1970: 1_781_524_800)
}
