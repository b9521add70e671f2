#if canImport(Glibc)
import Glibc
#endif

/// One accepted connection, owned by one event loop for its whole life (no locks).
///
/// It glues the socket (`Transport`), the incremental `RequestParser`, the pure
/// `ConnectionStateMachine`, the `ResponseOrder` of pipelined answers and the `PendingWrites`
/// output queue written with `writev`.
/// Pipelined requests are parsed as soon as they are buffered and answered strictly in order.
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
    unowned let loop: EventLoop
    let transport: any Transport
    var machine: ConnectionStateMachine
    var parser: RequestParser
    var inbound: [UInt8] = []
    var inboundStart = 0
    var order = ResponseOrder()
    /// Output; the last chunk of each response is marked with its sequence number.
    var output = PendingWrites<UInt64>(highWatermark: outputHighWatermark, lowWatermark: outputLowWatermark)
    /// The records of the responses in `output`, in order: each marked chunk written completes
    /// the oldest (kept apart from the marks, which stay small and trivial to copy).
    var unwritten = FIFO<Completion>()
    /// The list `flush` collects completed marks in, kept between writes (emptied).
    var completedScratch: [UInt64] = []
    // (The flags follow an optional instant, in the padding after its tag: thousands of idle
    // connections are mostly these objects.)
    var timerEntry: MonotonicInstant?
    var readClosed = false
    var closed = false
    var processing = false
    var continueSent = false
    var registeredRead = true
    var registeredWrite = false
    /// When a transport that is not yet established (TLS handshake) is closed.
    let handshakeDeadline: MonotonicInstant?

    init(id: UInt64, loop: EventLoop, transport: any Transport, handshakeTimeout: Duration? = nil) {
        self.id = id
        self.loop = loop
        self.transport = transport
        let now = MonotonicInstant.now
        machine = ConnectionStateMachine(now: now, timeouts: loop.context.timeouts)
        handshakeDeadline = handshakeTimeout.map { now + min($0, loop.context.timeouts.head) }
        parser = RequestParser(limits: loop.context.limits)
    }

    /// Unconsumed request bytes are waiting.
    var bytesBuffered: Bool { inbound.count > inboundStart }

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
            inbound = []
            inboundStart = 0
        }
    }

    /// Frees what the connection keeps for its next request (the input buffer, the output queue
    /// and the response tables, which keep their capacity from one request to the next) once
    /// it has waited idle since `instant` or earlier, so an idle keep-alive connection holds
    /// little more than itself. The event loop's idle sweep calls it; a busy connection is
    /// never idle that long, so it allocates nothing per request.
    func releaseIdleBuffers(idleSince instant: MonotonicInstant) {
        guard !closed, !bytesBuffered, output.isEmpty, machine.isIdle(since: instant) else { return }
        inbound = []
        inboundStart = 0
        order.releaseCapacity()
        output.releaseCapacity()
        unwritten.releaseCapacity()
        completedScratch = []
        parser.releaseSpare()
    }

    /// Elements the buffers `releaseIdleBuffers` frees have room for (input bytes, output
    /// chunks, marks and spare head, response slots, the completion records and list, the spare
    /// header storage).
    var bufferCapacity: Int {
        inbound.capacity + output.capacity + order.capacity + unwritten.capacity + completedScratch.capacity
            + parser.spareCapacity
    }

    /// Re-arms the timer and the readiness interests after any event.
    func afterEvent() {
        guard !closed else { return }
        if let deadline = machine.deadline, timerEntry.map({ deadline < $0 }) ?? true {
            timerEntry = deadline
            loop.schedule(token: id, at: deadline)
        }
        let wantRead = !readClosed && machine.wantsInput(maxOwed: Self.maxOwed)
            && (machine.isLingering || !output.isBacklogged)
        let wantWrite = !output.isEmpty || transport.hasPendingOutput
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
