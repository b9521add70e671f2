import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// One non-blocking TCP connection to an upstream, plain or TLS, owner of its socket: it is
/// closed when the connection is dropped (an error path can't leak it), or handed to the pool
/// with `release`.
/// Every operation takes the fetch's deadline and waits with `poll` for no longer than what
/// is left of it, so no thread is ever blocked past a timeout.
///
/// A connection is used by one fetch at a time (it moves between fetches through
/// `UpstreamConnectionPool`), so it holds no lock.
struct UpstreamConnection: ~Copyable, Sendable {
    private let fd: Int32
    /// The TLS session over the socket, nil for plain HTTP.
    private let tls: UpstreamTLSSession?
    /// Whether it came out of the pool (a failure before any response byte means "stale").
    let reused: Bool

    /// Takes ownership of the connected socket `fd` (and its TLS session, if any).
    init(adopting fd: Int32, tls: UpstreamTLSSession? = nil, reused: Bool = false) {
        self.fd = fd
        self.tls = tls
        self.reused = reused
    }

    /// Takes back an idle connection from the pool.
    init(idle: IdleUpstreamSocket) {
        self.init(adopting: idle.fd, tls: idle.tls, reused: true)
    }

    deinit {
        tls?.free()
        System.close(fd)
    }

    /// Connects to `address`, non-blocking, within `deadline`; with `tls`, then shakes hands as
    /// the client of `host` and verifies its certificate.
    static func open(to address: UpstreamAddress, tls: (context: UpstreamTLSContext, host: String)? = nil,
                     deadline: UpstreamDeadline) throws(UpstreamError) -> UpstreamConnection {
        let plain = try connect(to: address, deadline: deadline)
        guard let tls else { return plain }
        let fd = plain.release().fd
        let session: UpstreamTLSSession
        do {
            session = try tls.context.session(fd: fd, host: tls.host)
        } catch {
            System.close(fd)
            throw error
        }
        let secure = UpstreamConnection(adopting: fd, tls: session)
        try session.handshake(fd: fd, deadline: deadline)
        return secure
    }

    /// The TCP connection to `address`.
    private static func connect(to address: UpstreamAddress, deadline: UpstreamDeadline) throws(UpstreamError) -> UpstreamConnection {
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
        if let tls { return try tls.write(bytes, fd: fd, deadline: deadline) }
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
        if let tls { return try tls.read(into: &buffer, fd: fd, deadline: deadline) }
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
    /// HTTP/1.1 connection should have no input; readable means EOF, RST or garbage), or for
    /// TLS nothing but records the session consumes (TLS 1.3 session tickets).
    var looksIdle: Bool {
        let readable = (try? System.poll(fd, for: Int16(POLLIN), timeoutMillis: 0)) != false
        guard readable else { return true }
        return tls?.staysIdle ?? false
    }

    /// Gives up ownership: the socket and its session, for the pool to keep while idle.
    consuming func release() -> IdleUpstreamSocket {
        let idle = IdleUpstreamSocket(fd: fd, tls: tls)
        discard self
        return idle
    }
}

/// An idle pooled connection: its socket and TLS session, owned by the pool until taken.
struct IdleUpstreamSocket: Sendable {
    let fd: Int32
    let tls: UpstreamTLSSession?

    /// Frees the session and closes the socket (the pool drops it).
    func close() {
        tls?.free()
        System.close(fd)
    }
}
