import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

extension EventLoop {
    /// The loop body: wait for readiness or the next timer, dispatch, run tasks, fire timers.
    func run() {
        thread.store(UInt(pthread_self()), ordering: .releasing)
        while running {
            iterations.wrappingAdd(1, ordering: .relaxed)
            let timeout = timeoutMillis(now: .now)
            do {
                try selector.whenReady(timeoutMillis: timeout) { event in handle(event) }
            } catch {
                // epoll_wait only fails on programming errors; don't spin.
                context.failures.report(.eventLoop, "event loop \(index): \(error)")
                usleep(1000)
            }
            runTasks()
            fireTimers(now: .now)
            context.handler.didFinishPass(loop: index)
        }
        selectorCleanup()
        context.handler.didFinishPass(loop: index)
    }

    private func timeoutMillis(now: MonotonicInstant) -> Int32 {
        guard let first = timers.first else { return -1 }
        if first.at <= now { return 0 }
        let millis = (first.at.nanoseconds - now.nanoseconds + 999_999) / 1_000_000
        return Int32(min(millis, 60_000))
    }

    private func handle(_ event: System.EpollEvent) {
        switch event.token {
        case Selector.wakeUpToken:
            return
        case Self.listenerToken:
            listener?.acceptAll()
        default:
            if let connection = connection(event.token) {
                connection.handle(readable: event.readable, writable: event.writable, hangUp: event.hangUp)
            } else if let watcher = watchers[event.token] {
                watcher.handler(Readiness(readable: event.readable, writable: event.writable, hangUp: event.hangUp))
            }
        }
    }

    /// Runs the queued tasks. The queue is swapped with an empty buffer whose storage is kept,
    /// so a loop pass allocates nothing for it (emptying a queue copied out would allocate a new
    /// one on every pass once any task had ever been queued).
    private func runTasks() {
        var pending = tasksRunning
        tasksRunning = []
        tasks.withLock { swap(&$0, &pending) }
        for task in pending { task() }
        pending.removeAll(keepingCapacity: true)
        tasksRunning = pending
    }

    private func fireTimers(now: MonotonicInstant) {
        while let entry = timers.popDue(now: now) {
            if entry.token == Self.listenerToken {
                listener?.resume()
            } else if let connection = connection(entry.token) {
                connection.timerFired(at: entry.at, now: now)
            } else if let task = timerTasks.removeValue(forKey: entry.token) {
                task()
            }
        }
    }

    private func selectorCleanup() {
        listener?.close()
        listener = nil
        closeAll()
        runTasks()
    }
}
