import Synchronization
import SystemCalls

/// Idle keep-alive connections per key (scheme, host and port, and the request's pool
/// partition, if any: `ClientRequest.poolPartition`), most recently used first.
///
/// A fetch takes an idle connection (or opens a new one), and gives it back after a
/// complete, reusable response. At most `maxIdlePerHost` wait per key; the rest are closed.
/// Connections are shared by every request with the same key, so one with anything to read
/// (`ClientConnection.hasNothingToRead`: a response nobody asked for, a close) is never used:
/// its bytes would answer the next request. The `ClientExchange` that takes one checks it in
/// the step that writes the request (what arrived while it waited here, or while the loop got
/// round to it, is seen there), closes it if it has anything, and takes another.
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

    /// The most recently used idle connection to `key`, marked `reused`, if there is one (its
    /// exchange checks that it has nothing to read before writing on it).
    func take(_ key: String) -> ClientConnection? {
        guard let socket = idle.withLock({ $0[key]?.popLast() }) else { return nil }
        return ClientConnection(idle: socket)
    }

    /// Gives `connection` back for reuse (or closes it when the pool for `key` is full).
    ///
    /// What was read is acknowledged at once. Between a request and its answer the kernel
    /// holds its ACK to ride on the next request, and a server with Nagle's algorithm on holds
    /// a small segment it sends after its answer (a response nobody asked for) until that ACK:
    /// the segment would then always arrive just after the next request is written, and be read
    /// as its answer. Acknowledged now, it arrives while the connection is idle, where the check
    /// before the next request sees it.
    func put(_ connection: consuming ClientConnection, for key: String) {
        System.acknowledgeNow(connection.fd)
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
