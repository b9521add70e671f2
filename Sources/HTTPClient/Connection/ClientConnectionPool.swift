import Synchronization
import SystemCalls

/// Idle keep-alive connections per key (scheme, host and port, and the request's pool
/// partition, if any: `ClientRequest.poolPartition`), most recently used first.
///
/// A fetch takes an idle connection (or opens a new one), and gives it back after a
/// complete, reusable response. At most `maxIdlePerHost` wait per key; the rest are closed.
/// Connections are shared by every request with the same key, so one with anything to read
/// (`ClientConnection.hasNothingToRead`: a response nobody asked for, a close) is closed, both
/// when given back and when taken, never used: its bytes would answer the next request. One
/// that the server closes between the check and the request is detected by `ClientExchange`:
/// a GET or HEAD goes again once on a fresh connection, another method fails.
///
/// The pool owns the sockets of its idle connections (`ClientConnection.release`) and
/// closes them in `closeAll`.
package final class ClientConnectionPool: Sendable {
    /// How many idle connections to keep per host and port.
    package let maxIdlePerHost: Int
    private let idle = Mutex<[String: [IdleConnection]]>([:])

    /// An empty pool.
    package init(maxIdlePerHost: Int = 16) {
        self.maxIdlePerHost = maxIdlePerHost
    }

    /// An idle connection to `key`, marked `reused`, with nothing to read, if there is one.
    func take(_ key: String) -> ClientConnection? {
        while let socket = idle.withLock({ $0[key]?.popLast() }) {
            let connection = ClientConnection(idle: socket)
            if connection.hasNothingToRead { return connection }
        }
        return nil
    }

    /// Gives `connection` back for reuse (or closes it when it has anything to read or the
    /// pool for `key` is full).
    func put(_ connection: consuming ClientConnection, for key: String) {
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
    package func closeAll() {
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
