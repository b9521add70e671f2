import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// One non-blocking TCP connection to a server, plain or TLS, owner of its socket: it is
/// closed when the connection is dropped (an error path can't leak it), or handed to the pool
/// with `release`.
///
/// Every operation is one non-blocking step that says what it is waiting for
/// (`SocketProgress`); the `ClientExchange` driving it waits on its event loop, never on a
/// thread. A connection is used by one exchange at a time (it moves between them through
/// `ClientConnectionPool`), so it holds no lock.
struct ClientConnection: ~Copyable, Sendable {
    /// The socket (for the loop to watch).
    let fd: Int32
    /// The TLS session over the socket, nil for plain HTTP.
    private let tls: ClientTLSSession?
    /// Whether it came out of the pool (a failure before any response byte means "stale").
    let reused: Bool

    /// Takes ownership of the socket `fd` (and its TLS session, if any).
    init(adopting fd: Int32, tls: ClientTLSSession? = nil, reused: Bool = false) {
        self.fd = fd
        self.tls = tls
        self.reused = reused
    }

    /// Takes back an idle connection from the pool.
    init(idle: IdleConnection) {
        self.init(adopting: idle.fd, tls: idle.tls, reused: true)
    }

    deinit {
        tls?.free()
        System.close(fd)
    }

    /// Starts connecting to `address`: the connection is made once the socket is writable and
    /// `connectError` is 0 (a connect that completes at once is writable at once too).
    static func connect(to address: SocketAddress) throws(ClientError) -> ClientConnection {
        do {
            let connection = ClientConnection(adopting: try System.tcpSocket(family: address.family))
            _ = try System.connect(connection.fd, to: address.bytes)
            return connection
        } catch {
            throw .connection(errno: error.errno)
        }
    }

    /// Throws why the connect started by `connect(to:)` failed, if it did (call once writable).
    func checkConnected() throws(ClientError) {
        let failure: Int32
        do {
            failure = try System.pendingError(fd)
        } catch {
            throw .connection(errno: error.errno)
        }
        if failure != 0 { throw .connection(errno: failure) }
    }

    /// The connection with a TLS client session for `host` over it, not yet shaken hands
    /// (`handshake` does that).
    consuming func securing(with context: ClientTLSContext, host: String) throws(ClientError) -> ClientConnection {
        let idle = release()
        do {
            return ClientConnection(adopting: idle.fd, tls: try context.session(fd: idle.fd, host: host))
        } catch {
            idle.close()
            throw error
        }
    }

    /// One step of the TLS handshake: `.processed` once it is done and the peer verified.
    func handshake() throws(ClientError) -> SocketProgress {
        guard let tls else { return .processed(0) }
        return try tls.handshake()
    }

    /// Writes what it can of `bytes` (a vanished peer is an error, not SIGPIPE).
    func write(_ bytes: ArraySlice<UInt8>) throws(ClientError) -> SocketProgress {
        if let tls { return try tls.write(bytes) }
        let result = bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try System.send(fd, raw) } }
        switch result {
        case .success(.processed(let count)): return .processed(count)
        case .success(.wouldBlock): return .wantsWrite
        case .failure(let error): throw .connection(errno: error.errno)
        }
    }

    /// Reads what the socket has into `buffer`; `.processed(0)` means the peer closed its side.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ClientError) -> SocketProgress {
        if let tls { return try tls.read(into: buffer) }
        do {
            switch try System.recv(fd, into: buffer) {
            case .processed(let count): return .processed(count)
            case .wouldBlock: return .wantsRead
            }
        } catch {
            throw .connection(errno: error.errno)
        }
    }

    /// Whether nothing waits to be read: no bytes, EOF or error on the socket, and for TLS no
    /// input buffered in the session. A connection between exchanges must have none: anything
    /// there (a response nobody asked for, the rest of one, a close) would be taken for the
    /// next request's answer. TLS records the session consumes by itself (TLS 1.3 session
    /// tickets) don't count, but what that read leaves buffered (part of a record) does. One
    /// `poll` when the socket has nothing, as it nearly always has.
    var hasNothingToRead: Bool {
        if tls?.hasBufferedInput == true { return false }
        let readable = (try? System.poll(fd, for: Int16(POLLIN), timeoutMillis: 0)) != false
        guard readable else { return true }
        guard let tls else { return false }
        return tls.staysIdle && !tls.hasBufferedInput
    }

    /// Gives up ownership: the socket and its session, for the pool to keep while idle.
    consuming func release() -> IdleConnection {
        let idle = IdleConnection(fd: fd, tls: tls)
        discard self
        return idle
    }
}

/// An idle pooled connection: its socket and TLS session, owned by the pool until taken.
struct IdleConnection: Sendable {
    let fd: Int32
    let tls: ClientTLSSession?

    /// Frees the session and closes the socket (the pool drops it).
    func close() {
        tls?.free()
        System.close(fd)
    }
}
