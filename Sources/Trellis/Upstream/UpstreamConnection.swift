import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// One non-blocking TCP connection to an upstream, owner of its socket: it is closed when the
/// connection is dropped (an error path can't leak it), or handed to the pool with `release`.
/// Every operation takes the fetch's deadline and waits with `poll` for no longer than what
/// is left of it, so no thread is ever blocked past a timeout.
///
/// A connection is used by one fetch at a time (it moves between fetches through
/// `UpstreamConnectionPool`), so it holds no lock.
struct UpstreamConnection: ~Copyable, Sendable {
    private let fd: Int32
    /// Whether it came out of the pool (a failure before any response byte means "stale").
    let reused: Bool

    /// Takes ownership of the connected socket `fd`.
    init(adopting fd: Int32, reused: Bool = false) {
        self.fd = fd
        self.reused = reused
    }

    deinit {
        System.close(fd)
    }

    /// Connects to `address`, non-blocking, within `deadline`.
    static func open(to address: UpstreamAddress, deadline: UpstreamDeadline) throws(UpstreamError) -> UpstreamConnection {
        let connection: UpstreamConnection
        do {
            connection = UpstreamConnection(adopting: try System.tcpSocket(family: address.family))
        } catch {
            throw .connection(errno: error.errno)
        }
        do {
            if case .wouldBlock = try System.connect(connection.fd, to: address.bytes) {
                try deadline.wait(connection.fd, for: Int16(POLLOUT))
                let failure = try System.pendingError(connection.fd)
                if failure != 0 { throw UpstreamError.connection(errno: failure) }
            }
        } catch let error as UpstreamError {
            throw error
        } catch let error as SystemError {
            throw .connection(errno: error.errno)
        } catch {
            throw .connection(errno: 0)
        }
        return connection
    }

    /// Writes all of `bytes` (a vanished peer is an error, not SIGPIPE).
    func write(_ bytes: [UInt8], deadline: UpstreamDeadline) throws(UpstreamError) {
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { all in
                Result { () throws(SystemError) in try System.send(fd, UnsafeRawBufferPointer(rebasing: all[offset...])) }
            }
            switch result.mapError({ UpstreamError.connection(errno: $0.errno) }) {
            case .failure(let error): throw error
            case .success(.processed(let sent)): offset += sent
            case .success(.wouldBlock): try deadline.wait(fd, for: Int16(POLLOUT))
            }
        }
    }

    /// Appends what the socket has to `buffer` (waiting for it within the deadline) and
    /// returns the number of bytes read; 0 means the peer closed its side.
    func read(into buffer: inout [UInt8], deadline: UpstreamDeadline) throws(UpstreamError) -> Int {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let result = chunk.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) in try System.recv(fd, into: raw) }
            }
            switch result.mapError({ UpstreamError.connection(errno: $0.errno) }) {
            case .failure(let error):
                throw error
            case .success(.processed(let count)):
                buffer.append(contentsOf: chunk[0..<count])
                return count
            case .success(.wouldBlock):
                try deadline.wait(fd, for: Int16(POLLIN))
            }
        }
    }

    /// Whether an idle pooled connection still looks usable: nothing readable (an idle
    /// HTTP/1.1 connection should have no input; readable means EOF, RST or garbage).
    var looksIdle: Bool {
        (try? System.poll(fd, for: Int16(POLLIN), timeoutMillis: 0)) == false
    }

    /// Gives up ownership: the socket, for the pool to keep while the connection is idle.
    consuming func release() -> Int32 {
        let fd = self.fd
        discard self
        return fd
    }
}
