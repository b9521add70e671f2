import SystemCalls
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One event-loop thread: an epoll `Selector`, a timer heap, a task queue woken by eventfd,
/// and the connections it owns for their whole life (so a connection needs no locks).
///
/// Everything but `execute`, `deliver` and `wakeUp` runs on the loop's own thread.
///
/// Application code reaches the loop that owns a request's connection through
/// `HTTPResponder.eventLoop` (or runs one of its own with `EventLoopThread`), and uses it to run
/// tasks (`execute`), watch its own non-blocking descriptors (`watch`, `EventLoop+Watching`)
/// and run timers (`schedule(at:_:)`, `EventLoop+Timers`) on the loop thread, so that waiting
/// on a socket holds no thread.
public final class EventLoop: @unchecked Sendable {
    static let listenerToken: UInt64 = 1

    /// The loop's place among the server's loops (0 ..< `eventLoops`, as `HTTPExchange.loop`):
    /// what a handler keeps per-loop state by, touched from this loop's thread only.
    public let index: Int
    let context: ServerContext
    let selector: Selector
    /// The per-loop read buffer every connection reads into (64 KiB).
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)
    var date = HTTPDate()
    /// The heads this loop answers again without parsing them (`HeadMemo`); nil: off.
    let headMemo: HeadMemo?
    var listener: Listener?
    /// The drain has begun (grace period included): answers close their connection.
    var quiescing = false
    /// The grace period is over: idle connections close.
    var draining = false

    var connections: [UInt64: Connection] = [:]
    /// The descriptors application code watches, by token (`watch`).
    var watchers: [UInt64: Watcher] = [:]
    /// The tasks of application timers, by token (`schedule(at:_:)`); a cancelled one is gone.
    var timerTasks: [UInt64: () -> Void] = [:]
    var timers = TimerHeap()
    var nextToken: UInt64 = 2
    var running = true
    let tasks = Mutex<[@Sendable () -> Void]>([])
    /// The other half of `tasks`' double buffer: swapped in, run, emptied, kept (loop thread only).
    var tasksRunning: [@Sendable () -> Void] = []
    /// Emptied work storage given back by connections, for the next one with a request in hand
    /// (loop thread only): connections between requests hold none, so thousands of idle ones
    /// keep no buffers and leave no holes where buffers were.
    private(set) var spareWork: [ConnectionWork] = []
    /// The most spare work storage kept (more is freed).
    static let maxSpareWork = 16
    let thread = Atomic<UInt>(0)
    /// Loop iterations so far (each `epoll_wait` return), to detect busy loops in tests.
    let iterations = Atomic<Int>(0)

    init(index: Int, context: ServerContext) throws(SystemError) {
        self.index = index
        self.context = context
        headMemo = context.configuration.repeatedHeads > 0 ? HeadMemo(slots: context.configuration.repeatedHeads) : nil
        selector = try Selector()
    }

    deinit {
        readBuffer.deallocate()
    }

    /// Whether the caller runs on this loop's thread.
    public var inLoop: Bool { thread.load(ordering: .acquiring) == UInt(pthread_self()) }

    /// Runs `task` on the loop thread soon. Safe from any thread.
    public func execute(_ task: @escaping @Sendable () -> Void) {
        tasks.withLock { $0.append(task) }
        selector.wakeUp()
    }

    /// Hands a handler's response to its connection, hopping threads if needed.
    func deliver(_ response: consuming HTTPResponse, connection id: UInt64, sequence: UInt64) {
        if inLoop {
            connections[id]?.receive(response, sequence: sequence)
        } else {
            let response = copy response
            execute { [self] in connections[id]?.receive(response, sequence: sequence) }
        }
    }

    /// A token no registration or timer of this loop has used.
    func makeToken() -> UInt64 {
        defer { nextToken += 1 }
        return nextToken
    }

    /// Takes ownership of an accepted socket.
    func adopt(fd: Int32) {
        let token = makeToken()
        let remoteAddress = System.peerAddress(fd)
        let connection: Connection
        if let tls = context.tls {
            guard let current = tls.context, let transport = TLSTransport(fd: fd, context: current) else {
                context.failures.report(.tlsHandshake, "TLS session could not be created; connection closed")
                System.close(fd)
                connectionClosed()
                return
            }
            connection = Connection(
                id: token, loop: self, transport: transport, remoteAddress: remoteAddress,
                handshakeTimeout: tls.configuration.handshakeTimeout)
        } else {
            connection = Connection(id: token, loop: self, transport: SocketTransport(fd: fd), remoteAddress: remoteAddress)
        }
        do {
            try selector.register(fd: fd, token: token, read: true, write: false)
        } catch {
            context.failures.report(.registration, "connection not registered: \(error)")
            connection.transportClosedWithoutRegistration()
            return
        }
        connections[token] = connection
        connection.start()
    }

    /// Work storage for a connection with a request in hand: a spare one, else a new one.
    func lendWork() -> ConnectionWork {
        spareWork.popLast() ?? ConnectionWork(limits: context.limits)
    }

    /// Takes back the emptied work storage of a connection between requests.
    func takeBack(_ work: ConnectionWork) {
        guard spareWork.count < Self.maxSpareWork else { return }
        spareWork.append(work)
    }

    /// The live connection with this token.
    func connection(_ token: UInt64) -> Connection? {
        connections[token]
    }

    /// Forgets a closed connection.
    func remove(_ connection: Connection) {
        connections[connection.id] = nil
    }

    /// Calls `timerFired` on connection `token` (or the listener) at `at`.
    func schedule(token: UInt64, at: MonotonicInstant) {
        timers.insert(at: at, token: token)
    }

    /// The drain begins: every answer of this loop closes its connection from now on.
    func quiesceAll() {
        quiescing = true
        for connection in connections.values { connection.quiesce() }
    }

    /// Starts draining every connection of this loop (SPEC §4.3).
    func drainAll() {
        draining = true
        for connection in Array(connections.values) { connection.drain() }
    }

    /// Closes every connection now (drain timeout).
    func closeAll() {
        for connection in Array(connections.values) { connection.close() }
    }

    /// Stops the loop: closes the listener and connections, then the thread ends.
    func stop() {
        execute { [self] in
            listener?.close()
            listener = nil
            closeAll()
            running = false
        }
    }
}
