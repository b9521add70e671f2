import Synchronization
import SystemCalls

/// Idle keep-alive connections per scheme, host and port, most recently used first.
///
/// A fetch takes an idle connection (or opens a new one), and gives it back after a
/// complete, reusable response. At most `maxIdlePerHost` wait per host; the rest are closed.
/// A connection that is readable while idle (the server closed it, or sent garbage) is
/// closed instead of handed out; one that the server closes between that check and our
/// request is detected by the caller and retried once on a fresh connection.
///
/// The pool owns the sockets of its idle connections (`UpstreamConnection.release`) and
/// closes them in `closeAll`.
final class UpstreamConnectionPool: Sendable {
    /// How many idle connections to keep per host and port.
    let maxIdlePerHost: Int
    private let idle = Mutex<[String: [IdleUpstreamSocket]]>([:])

    /// An empty pool.
    init(maxIdlePerHost: Int = 16) {
        self.maxIdlePerHost = maxIdlePerHost
    }

    /// An idle connection to `key`, marked `reused`, if one is still usable.
    func take(_ key: String) -> UpstreamConnection? {
        while let socket = idle.withLock({ $0[key]?.popLast() }) {
            let connection = UpstreamConnection(idle: socket)
            if connection.looksIdle { return connection }
        }
        return nil
    }

    /// Gives `connection` back for reuse (or closes it when the pool for `key` is full).
    func put(_ connection: consuming UpstreamConnection, for key: String) {
        let socket = connection.release()
        let kept = idle.withLock { idle in
            guard idle[key, default: []].count < maxIdlePerHost else { return false }
            idle[key, default: []].append(socket)
            return true
        }
        if !kept { socket.close() }
    }

    /// Closes every idle connection.
    func closeAll() {
        let all = idle.withLock { idle in
            defer { idle = [:] }
            return idle.values.flatMap { $0 }
        }
        for socket in all { socket.close() }
    }

    deinit {
        closeAll()
    }
}
