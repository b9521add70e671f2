import Synchronization

/// A completion handler that runs at most once, whoever calls first: the upstream call's
/// result, or the waiter's own timeout timer when it joined a call with a later deadline.
final class UpstreamCompletion: Sendable {
    private let handler: Mutex<(@Sendable (UpstreamValue?) -> Void)?>

    /// Wraps `handler`.
    init(_ handler: @escaping @Sendable (UpstreamValue?) -> Void) {
        self.handler = Mutex(handler)
    }

    /// Calls the handler with `value` unless it already ran (outside the lock).
    func resolve(_ value: UpstreamValue?) {
        let pending = handler.withLock { handler in
            defer { handler = nil }
            return handler
        }
        pending?(value)
    }
}
