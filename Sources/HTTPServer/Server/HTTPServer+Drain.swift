import Dispatch

extension HTTPServer {
    /// The drain's timers run on a queue of their own: a serial queue gets a thread even while
    /// the global queue's few workers (one per core) are all busy or blocked, so a drain ends on
    /// time under any load.
    private static let drainQueue = DispatchQueue(label: "HTTPServer.drain")

    /// Graceful drain (SPEC §4.3, §4.4). From now on, the grace period included, every answer
    /// carries `Connection: close`. After `grace` the listener closes; requests already received
    /// (pipelined ones too) are answered, the last one on each connection with
    /// `Connection: close`; an idle keep-alive connection is closed only when no request bytes
    /// wait on it (a request that arrives is answered first). `completion` runs once every
    /// connection is gone, or `timeout` after the listener closed (remaining ones are then
    /// closed); the loops are stopped before it runs.
    public func drain(grace: Duration, timeout: Duration, completion: @escaping @Sendable () -> Void) {
        let loops = context.loops.withLock { $0 }
        guard !loops.isEmpty else {
            completion()
            return
        }
        for loop in loops { loop.execute { loop.quiesceAll() } }
        Self.drainQueue.asyncAfter(deadline: .now() + grace.dispatchInterval) { [self] in
            let first = loops[0]
            first.execute {
                first.listener?.close()
                first.listener = nil
            }
            for loop in loops { loop.execute { loop.drainAll() } }
            waitForConnections(until: .now + timeout, forced: false, completion: completion)
        }
    }

    private func waitForConnections(
        until deadline: ContinuousClock.Instant, forced: Bool, completion: @escaping @Sendable () -> Void
    ) {
        let loops = context.loops.withLock { $0 }
        if openConnections == 0 || (forced && ContinuousClock.now >= deadline) {
            stop()
            completion()
            return
        }
        if !forced, ContinuousClock.now >= deadline {
            for loop in loops { loop.execute { loop.closeAll() } }
            waitForConnections(until: .now + .seconds(1), forced: true, completion: completion)
            return
        }
        Self.drainQueue.asyncAfter(deadline: .now() + .milliseconds(5)) { [self] in
            waitForConnections(until: deadline, forced: forced, completion: completion)
        }
    }
}
