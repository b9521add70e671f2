import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// The instant a fetch must be finished by, and the `poll` that waits no longer than it.
struct UpstreamDeadline: Sendable {
    /// When the time runs out (real, monotonic time: the injectable clock is only for TTLs).
    let instant: ContinuousClock.Instant

    /// A deadline `timeout` from now.
    init(after timeout: Duration) {
        instant = .now + timeout
    }

    /// Milliseconds left, rounded up so a poll never returns just before the deadline;
    /// 0 once it has passed.
    var remainingMilliseconds: Int32 {
        let left = instant - .now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(1, millis))
    }

    /// Waits until `fd` is ready for `events` (POLLIN or POLLOUT) or the deadline passes.
    /// Error and hang-up conditions count as ready: the next syscall reports them.
    func wait(_ fd: Int32, for events: Int16) throws(UpstreamError) {
        while true {
            let millis = remainingMilliseconds
            guard millis > 0 else { throw .timeout }
            do {
                if try System.poll(fd, for: events, timeoutMillis: millis) { return }
                // Not ready: the loop re-checks the clock and ends in .timeout.
            } catch {
                throw .connection(errno: error.errno)
            }
        }
    }
}
