/// Application timers on the loop's timer heap: a deadline that needs no thread of its own.
///
/// Call these on the loop's thread (`inLoop`; from elsewhere, go through `execute`).
extension EventLoop {
    /// A timer set by `schedule(at:_:)`, for `cancel`.
    public struct Scheduled: Hashable, Sendable {
        let token: UInt64
    }

    /// Runs `task` on the loop's thread once `instant` has come (at the end of the pass in
    /// which it is due; never early), unless it is cancelled first.
    @discardableResult
    public func schedule(at instant: ContinuousClock.Instant, _ task: @escaping () -> Void) -> Scheduled {
        precondition(inLoop, "EventLoop.schedule must be called on the loop's thread")
        let token = makeToken()
        timerTasks[token] = task
        timers.insert(at: MonotonicInstant(instant), token: token)
        return Scheduled(token: token)
    }

    /// Cancels `scheduled`: its task is released and will not run. Cancelling a timer that
    /// already ran (or was cancelled) does nothing.
    public func cancel(_ scheduled: Scheduled) {
        precondition(inLoop, "EventLoop.cancel must be called on the loop's thread")
        timerTasks[scheduled.token] = nil
    }
}
