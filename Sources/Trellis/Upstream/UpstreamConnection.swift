#if canImport(Glibc)
import Glibc
#endif

/// One non-blocking TCP connection to an upstream. Every operation takes the fetch's
/// deadline and waits with `poll` for no longer than what is left of it, so no thread is
/// ever blocked past a timeout.
///
/// A connection is used by one fetch at a time (it moves between fetches through
/// `UpstreamConnectionPool`), so it holds no lock.
struct UpstreamConnection: Sendable {
    /// The socket.
    let fd: Int32
    /// Whether it came out of the pool (a failure before any response byte means "stale").
    var reused = false

    /// Connects to `address`, non-blocking, within `deadline`.
    static func open(to address: UpstreamAddress, deadline: UpstreamDeadline) throws(UpstreamError) -> UpstreamConnection {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = socket(address.family, type, 0)
        guard fd >= 0 else { throw .connection(errno: errno) }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let result = address.bytes.withUnsafeBytes {
            connect(fd, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
        }
        do {
            if result != 0 {
                guard errno == EINPROGRESS || errno == EINTR else { throw UpstreamError.connection(errno: errno) }
                try deadline.wait(fd, for: Int16(POLLOUT))
                var failure: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length)
                if failure != 0 { throw UpstreamError.connection(errno: failure) }
            }
        } catch let error as UpstreamError {
            Glibc.close(fd)
            throw error
        } catch {
            Glibc.close(fd)
            throw .connection(errno: 0)
        }
        return UpstreamConnection(fd: fd)
    }

    /// Writes all of `bytes` (with `MSG_NOSIGNAL`: a vanished peer is an error, not SIGPIPE).
    func write(_ bytes: [UInt8], deadline: UpstreamDeadline) throws(UpstreamError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent > 0 {
                offset += sent
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try deadline.wait(fd, for: Int16(POLLOUT))
            } else if errno != EINTR {
                throw .connection(errno: errno)
            }
        }
    }

    /// Appends what the socket has to `buffer` (waiting for it within the deadline) and
    /// returns the number of bytes read; 0 means the peer closed its side.
    func read(into buffer: inout [UInt8], deadline: UpstreamDeadline) throws(UpstreamError) -> Int {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count >= 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return count
            }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                try deadline.wait(fd, for: Int16(POLLIN))
            } else if errno != EINTR {
                throw .connection(errno: errno)
            }
        }
    }

    /// Whether an idle pooled connection still looks usable: nothing readable (an idle
    /// HTTP/1.1 connection should have no input; readable means EOF, RST or garbage).
    var looksIdle: Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 0
    }

    /// Closes the socket.
    func close() {
        _ = Glibc.close(fd)
    }
}
