/// Every `idleSweepInterval` while it has connections, a loop frees the buffers of those that
/// have waited that long for their next keep-alive request (`Connection.releaseIdleBuffers`):
/// an idle connection then holds little more than itself (10,000 idle: about 1 KiB each),
/// while a busy one keeps its buffers from one request to the next and allocates nothing per
/// request. A loop without connections sets no timer.
extension EventLoop {
    /// How often the sweep runs, and how long a connection must have been idle to be swept.
    static let idleSweepInterval: Duration = .milliseconds(250)

    /// Sets the sweep's timer unless it is set (a connection was adopted).
    func armIdleSweep() {
        guard !idleSweepArmed else { return }
        idleSweepArmed = true
        schedule(at: .now + Self.idleSweepInterval) { [weak self] in self?.sweepIdleConnections() }
    }

    /// Frees the buffers of every connection idle since a sweep interval before `now`; sets
    /// the next sweep while connections remain.
    func sweepIdleConnections(now: MonotonicInstant = .now) {
        idleSweepArmed = false
        let idleSince = now - Self.idleSweepInterval
        for connection in connections.values { connection.releaseIdleBuffers(idleSince: idleSince) }
        if running, !connections.isEmpty { armIdleSweep() }
    }
}
