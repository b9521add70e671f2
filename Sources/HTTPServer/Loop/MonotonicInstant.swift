#if canImport(Glibc)
import Glibc
#endif

/// A point in time on the boot-time clock (which `ContinuousClock` reads on Linux) as plain
/// nanoseconds: the loops' timers, the connection lifecycle and every request's start.
///
/// Not `ContinuousClock.Instant`, whose layout the standard library keeps resilient: each
/// struct or enum holding one (a request's bookkeeping, the state machine) would be copied,
/// compared and destroyed through runtime witnesses on every request. This one is 8 bytes of
/// fixed layout. Public API still takes `ContinuousClock.Instant` (`init(_:)` converts).
struct MonotonicInstant: Comparable, Hashable, Sendable {
    /// Nanoseconds since boot.
    var nanoseconds: Int64

    /// The current time.
    static var now: MonotonicInstant {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return MonotonicInstant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    /// Where `instant` lies on this clock, never earlier than it (a timer set for it must not
    /// fire early): read after `ContinuousClock.now`, this clock's `now` is at or past it.
    init(_ instant: ContinuousClock.Instant) {
        let reference = ContinuousClock.now
        let now = MonotonicInstant.now
        self = now + (instant - reference)
    }

    /// Nanoseconds.
    init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// `instant` moved by `nanoseconds`.
    static func + (instant: MonotonicInstant, nanoseconds: Int64) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: instant.nanoseconds &+ nanoseconds)
    }

    /// `instant` moved by `duration` (rounded up to a whole nanosecond).
    static func + (instant: MonotonicInstant, duration: Duration) -> MonotonicInstant {
        instant + nanoseconds(duration)
    }

    /// `instant` moved back by `duration`.
    static func - (instant: MonotonicInstant, duration: Duration) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: instant.nanoseconds &- nanoseconds(duration))
    }

    /// The time from `start` to `end`.
    static func - (end: MonotonicInstant, start: MonotonicInstant) -> Duration {
        .nanoseconds(end.nanoseconds &- start.nanoseconds)
    }

    /// `duration` in whole nanoseconds, rounded up (clamped to ±292 years).
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflowed) = scaled.addingReportingOverflow((attoseconds + 999_999_999) / 1_000_000_000)
        return overflowed ? .max : total
    }
}
