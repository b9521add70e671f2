import Synchronization
import SystemCalls

/// Idle keep-alive connections per scheme, host and port, most recently used first.
///
/// A fetch takes an idle connection (or opens a new one), and gives it back after a
/// complete, reusable response. At most `maxIdlePerHost` wait per host; the rest are closed.
/// Connections are shared by every user and source of a host and port, so one with anything
/// to read (`UpstreamConnection.hasNothingToRead`: a response nobody asked for, a close) is
/// closed, both when given back and when taken, never used: its bytes would answer the next
/// user's request. One that the server closes between the check and our request is detected
/// by the caller and retried once on a fresh connection.
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

    /// An idle connection to `key`, marked `reused`, with nothing to read, if there is one.
    func take(_ key: String) -> UpstreamConnection? {
        while let socket = idle.withLock({ $0[key]?.popLast() }) {
            let connection = UpstreamConnection(idle: socket)
            if connection.hasNothingToRead { return connection }
        }
        return nil
    }

    /// Gives `connection` back for reuse (or closes it when it has anything to read or the
    /// pool for `key` is full).
    func put(_ connection: consuming UpstreamConnection, for key: String) {
        guard connection.hasNothingToRead else { return }
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
