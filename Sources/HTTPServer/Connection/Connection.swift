#if canImport(Glibc)
import Glibc
#endif

/// One accepted connection, owned by one event loop for its whole life (no locks).
///
/// It glues the socket (`Transport`), the pure `ConnectionStateMachine` and, while a request
/// is in hand, the `ConnectionWork` its loop lends it: the incremental `RequestParser`, the
/// `ResponseOrder` of pipelined answers and the `PendingWrites` output queue written with
/// `writev`. Pipelined requests are parsed as soon as they are buffered and answered strictly
/// in order.
final class Connection {
    /// Bookkeeping for a request whose response is owed.
    struct Pending {
        var requestID: String
        var method: String
        var path: String
        var version: HTTPVersion
        var keepAlive: Bool
        var isHead: Bool
        var startedAt: MonotonicInstant
        /// The request's header fields, kept for the exchange record (`didRespond`); their
        /// storage goes back to the parser once the answer is written (`RequestParser.recycle`).
        var headers: HTTPHeaders

        init(requestID: String, method: String, path: String, version: HTTPVersion, keepAlive: Bool, isHead: Bool,
             startedAt: MonotonicInstant, headers: HTTPHeaders) {
            self.requestID = requestID
            self.method = method
            self.path = path
            self.version = version
            self.keepAlive = keepAlive
            self.isHead = isHead
            self.startedAt = startedAt
            self.headers = headers
        }

        /// The bookkeeping of `request`, answered as `id`, complete at `startedAt`.
        init(_ request: HTTPRequest, id: String, keepAlive: Bool, startedAt: MonotonicInstant) {
            self.init(requestID: id, method: request.method, path: request.path, version: request.version, keepAlive: keepAlive,
                      isHead: request.method == "HEAD", startedAt: startedAt, headers: request.headers)
        }
    }

    /// The record of a response, handed to the handler once its last byte is written.
    struct Completion {
        var exchange: HTTPExchange
        var startedAt: MonotonicInstant
        var closing: Bool
    }

    /// Most requests answered ahead of the client (pipelining depth) before reading pauses.
    static let maxOwed = 16
    /// Queued output above which reading pauses, and below which it resumes.
    static let outputHighWatermark = 4 << 20
    static let outputLowWatermark = 1 << 20

    let id: UInt64
    /// The loop that owns this connection (it holds the connection in `connections` until it
    /// closes, so the loop outlives it): referred to without reference counting, which every
    /// use of a plain `unowned` reference pays.
    unowned(unsafe) let loop: EventLoop
    let transport: any Transport
    /// The peer's address as text (`System.peerAddress`), read once at accept: every exchange
    /// of this connection carries it without a syscall or a new string.
    let remoteAddress: String
    var machine: ConnectionStateMachine
    /// The loop's work storage while a request is in hand (`work`); nil between requests.
    private(set) var lent: ConnectionWork?
    /// The sequence number of the next request's answer (kept while no work is lent, so a late
    /// or repeated answer never lands in a later request's slot).
    private var nextSequence: UInt64 = 0
    // (The flags follow an optional instant, in the padding after its tag: thousands of idle
    // connections are mostly these objects.)
    var timerEntry: MonotonicInstant?
    var readClosed = false
    var closed = false
    var processing = false
    var registeredRead = true
    var registeredWrite = false
    /// The slot of the loop's `HeadMemo` whose answer this connection was given last (`max`:
    /// none): a client asking for the same again is found there first.
    var lastHeadSlot = UInt16.max
    /// When a transport that is not yet established (TLS handshake) is closed.
    let handshakeDeadline: MonotonicInstant?

    init(id: UInt64, loop: EventLoop, transport: any Transport, remoteAddress: String, handshakeTimeout: Duration? = nil) {
        self.id = id
        self.loop = loop
        self.transport = transport
        self.remoteAddress = remoteAddress
        let now = MonotonicInstant.now
        machine = ConnectionStateMachine(now: now, timeouts: loop.context.timeouts)
        handshakeDeadline = handshakeTimeout.map { now + min($0, loop.context.timeouts.head) }
    }

    /// The work storage, borrowed from the loop if none is lent yet.
    var work: ConnectionWork {
        if let lent { return lent }
        let work = loop.lendWork()
        work.order.resume(at: nextSequence)
        lent = work
        return work
    }

    /// Gives the work storage back to the loop once nothing is in hand (after each event).
    private func returnWorkIfDone() {
        guard let lent, !processing, lent.isEmpty else { return }
        nextSequence = lent.order.nextSequence
        self.lent = nil
        loop.takeBack(lent)
    }

    /// Takes the work storage away for good (the connection closes).
    func dropWork() -> ConnectionWork? {
        defer { lent = nil }
        return lent
    }

    /// Unconsumed request bytes are waiting.
    var bytesBuffered: Bool { lent?.bytesBuffered ?? false }

    /// Whether output waits to be written.
    var outputQueued: Bool { !(lent?.output.isEmpty ?? true) }

    /// Called once after registration.
    func start() {
        if let handshakeDeadline { loop.schedule(token: id, at: handshakeDeadline) }
        if loop.draining {
            perform(machine.drain(bytesBuffered: false))
        } else if loop.quiescing {
            machine.quiesce()
        }
        afterEvent()
    }

    /// A readiness event from the selector.
    func handle(readable: Bool, writable: Bool, hangUp: Bool) {
        if hangUp {
            // EPOLLHUP/EPOLLERR: both directions are gone (reset, or FIN after our shutdown);
            // nothing more can be written, and the event would fire again and again.
            close()
            return
        }
        if writable, !closed { flush() }
        if readable, !closed { readInput() }
        afterEvent()
    }

    /// A timer of this connection fired.
    func timerFired(at: MonotonicInstant, now: MonotonicInstant) {
        if timerEntry == at { timerEntry = nil }
        guard !closed else { return }
        if !transport.isEstablished {
            // No request can arrive before the handshake: close at its deadline, no 408.
            if handshakeDeadline.map({ now >= $0 }) ?? true {
                loop.context.failures.report(.tlsHandshake, "TLS handshake not completed in time", level: .warning)
                close()
            }
            return
        }
        perform(machine.timerFired(now: now))
        afterEvent()
    }

    /// The drain has begun: every answer from now on closes the connection (SPEC §4.4).
    func quiesce() {
        machine.quiesce()
    }

    /// The server drains (SPEC §4.3).
    func drain() {
        guard !closed else { return }
        perform(machine.drain(bytesBuffered: bytesBuffered))
        if !closed {
            renderReady()
            flush()
        }
        afterEvent()
    }

    /// Performs a state-machine action.
    func perform(_ action: ConnectionStateMachine.Action) {
        switch action {
        case .none:
            break
        case .close:
            let lingering = machine.isLingering
            guard transport.hasPendingOutput, machine.keepOpenForOutput(now: .now) else {
                close()
                return
            }
            // TLS records still wait for the socket: out first, then the FIN (EPOLLHUP closes).
            if !lingering { transport.shutdownWrite() }
        case .sendError(let error):
            queueError(error)
        case .shutdownAndLinger:
            transport.shutdownWrite()
            lent?.inbound = []
            lent?.inboundStart = 0
        }
    }

    /// Re-arms the timer and the readiness interests after any event, and gives the work
    /// storage back when nothing is in hand.
    func afterEvent() {
        guard !closed else { return }
        returnWorkIfDone()
        if let deadline = machine.deadline, timerEntry.map({ deadline < $0 }) ?? true {
            timerEntry = deadline
            loop.schedule(token: id, at: deadline)
        }
        let wantRead = !readClosed && machine.wantsInput(maxOwed: Self.maxOwed)
            && (machine.isLingering || !(lent?.output.isBacklogged ?? false))
        let wantWrite = outputQueued || transport.hasPendingOutput
        guard wantRead != registeredRead || wantWrite != registeredWrite else { return }
        registeredRead = wantRead
        registeredWrite = wantWrite
        do {
            try loop.selector.reregister(fd: transport.fd, token: id, read: wantRead, write: wantWrite)
        } catch {
            close()
        }
    }
}
