/// The lifecycle of one connection as a pure value: events in, actions out, time injected.
///
/// It knows nothing of sockets, so timeouts, keep-alive and drain are unit-tested with a fake
/// clock (after hummingbird's `HTTPConnectionStateHandler`). The connection feeds it events and
/// performs the actions it returns; `deadline` says when to call `timerFired` next.
///
/// - reading `.head(since:)` runs from accept (first request) or from the first byte of a later
///   request and is *not* reset by more bytes: past `head` it answers 408 (slowloris).
/// - `.idle(since:)` (keep-alive, nothing owed) closes silently past `idle`.
/// - a response with `Connection: close` (error, client asked, HTTP/1.0, drain) is followed by a
///   lingering close: shut down writing, discard input until EOF or `linger`, then close.
struct ConnectionStateMachine: Sendable {
    typealias Instant = MonotonicInstant

    /// The time limits of the lifecycle.
    struct Timeouts: Sendable {
        /// To receive a complete request head.
        var head: Duration
        /// Between keep-alive requests, and without progress while a body or response is owed.
        var idle: Duration
        /// How long to discard input after a closing response before closing.
        var linger: Duration
    }

    /// What the connection is reading.
    enum Reading: Sendable, Equatable {
        /// Between requests; the idle timeout runs once nothing is owed.
        case idle(since: Instant)
        /// Part of a head has arrived (or none yet, on a new connection).
        case head(since: Instant)
        /// The head is complete, the body is arriving.
        case body(since: Instant)
        /// No further requests will be read.
        case stopped
    }

    /// What the connection must do.
    enum Action: Sendable, Equatable {
        case none
        /// Close the socket now (no response owed, or lingering is over).
        case close
        /// Queue this error response (it closes the connection); then stop reading requests.
        case sendError(HTTPError)
        /// The closing response is written: `shutdown(SHUT_WR)`, then discard input until `deadline`.
        case shutdownAndLinger
    }

    /// `Timeouts` in nanoseconds (added to an instant without converting a `Duration`).
    private let headLimit, idleLimit, lingerLimit: Int64
    private var reading: Reading
    /// Responses owed and not yet completely written.
    private var owed = 0
    private var draining = false
    private var lingerUntil: Instant?
    /// The last time an owed response made progress (dispatch or bytes written).
    private var progressAt: Instant

    /// A connection accepted at `now`: the first request's head timeout starts now.
    init(now: Instant, timeouts: Timeouts) {
        headLimit = MonotonicInstant.nanoseconds(timeouts.head)
        idleLimit = MonotonicInstant.nanoseconds(timeouts.idle)
        lingerLimit = MonotonicInstant.nanoseconds(timeouts.linger)
        reading = .head(since: now)
        progressAt = now
    }

    /// When `timerFired` must be called next, if ever.
    var deadline: Instant? {
        if let lingerUntil { return lingerUntil }
        var result: Instant?
        switch reading {
        case .head(let since): result = since + headLimit
        case .body(let since): result = since + idleLimit
        case .idle(let since) where owed == 0: result = since + idleLimit
        case .idle, .stopped: result = nil
        }
        if owed > 0 {
            let stall = progressAt + idleLimit
            result = result.map { min($0, stall) } ?? stall
        }
        return result
    }

    /// Whether no further request will be read.
    var isClosing: Bool { reading == .stopped }

    /// Whether a request may be parsed now: reading goes on and fewer than `maxOwed` answers
    /// are owed (pipelining depth).
    func acceptsRequest(maxOwed: Int) -> Bool {
        reading != .stopped && owed < maxOwed
    }

    /// Whether the socket should be watched for input: while lingering (to discard it), or while
    /// requests are read and the pipeline has room.
    func wantsInput(maxOwed: Int) -> Bool {
        lingerUntil != nil || acceptsRequest(maxOwed: maxOwed)
    }

    /// Whether input is discarded (lingering after a closing answer, or past a closing request).
    var discardsInput: Bool { lingerUntil != nil || reading == .stopped }

    /// Whether no response is owed (an interim `100 Continue` may go out).
    var owesNothing: Bool { owed == 0 }

    /// Whether the lingering close has begun.
    var isLingering: Bool { lingerUntil != nil }

    /// Request bytes are buffered: a new request's head timeout starts at its first byte.
    mutating func bytesArrived(now: Instant) {
        if case .idle = reading { reading = .head(since: now) }
    }

    /// The head is complete; its body (if any) follows.
    mutating func headCompleted(now: Instant) {
        if case .head = reading { reading = .body(since: now) }
    }

    /// A complete request went to the handler; a response is owed. Without keep-alive, no
    /// further request is read.
    mutating func requestCompleted(now: Instant, keepAlive: Bool) {
        owed += 1
        progressAt = now
        if !keepAlive {
            reading = .stopped
        } else if reading != .stopped {
            reading = .idle(since: now)
        }
    }

    /// Whether the response being written must carry `Connection: close`: the client asked for
    /// it, or the server drains and nothing else was received (RFC 9112 §9.6: no request is
    /// processed after a `close`). When true, no further request is read.
    mutating func responseCloses(keepAlive: Bool, moreOwed: Bool, bytesBuffered: Bool) -> Bool {
        let closes = !keepAlive || (!moreOwed && (reading == .stopped || (draining && !bytesBuffered)))
        if closes { reading = .stopped }
        return closes
    }

    /// The input is malformed or over a limit: `error` is owed and closes the connection. The
    /// stall clock restarts now, so the error has its full time to be written.
    mutating func protocolError(_ error: HTTPError, now: Instant) -> Action {
        guard reading != .stopped else { return .none }
        owed += 1
        progressAt = now
        reading = .stopped
        return .sendError(error)
    }

    /// Bytes of an owed response reached the socket.
    mutating func writeProgressed(now: Instant) {
        progressAt = now
    }

    /// A response is completely written; `closing` if it carried `Connection: close`.
    mutating func responseWritten(now: Instant, closing: Bool, bytesBuffered: Bool) -> Action {
        owed = max(0, owed - 1)
        progressAt = now
        if closing {
            lingerUntil = now + lingerLimit
            return .shutdownAndLinger
        }
        if owed == 0, reading == .stopped { return .close }
        if owed == 0, case .idle = reading {
            reading = .idle(since: now)
            if draining, !bytesBuffered { return .close }
        }
        return .none
    }

    /// Time passed; `now` is at or after `deadline` (earlier calls do nothing).
    mutating func timerFired(now: Instant) -> Action {
        if let lingerUntil { return now >= lingerUntil ? .close : .none }
        if owed > 0, now >= progressAt + idleLimit { return .close }
        switch reading {
        case .head(let since) where now >= since + headLimit:
            return protocolError(.requestTimeout, now: now)
        case .body(let since) where now >= since + idleLimit:
            return protocolError(.bodyTimeout, now: now)
        case .idle(let since) where owed == 0 && now >= since + idleLimit:
            return .close
        default:
            return .none
        }
    }

    /// The drain has begun (its grace period included): from now on every answer carries
    /// `Connection: close` (the last of those already received, when pipelined), but an idle
    /// connection stays open until `drain`.
    mutating func quiesce() {
        draining = true
    }

    /// Graceful drain starts (the grace period is over): an idle connection with no request bytes waiting closes now;
    /// otherwise what was received (or is arriving) is answered, the last with `close`.
    mutating func drain(bytesBuffered: Bool) -> Action {
        draining = true
        if lingerUntil != nil { return .none }
        switch reading {
        case .idle, .head:
            return owed == 0 && !bytesBuffered ? .close : .none
        case .body, .stopped:
            return .none
        }
    }

    /// The connection would close but the transport still holds output (TLS records the socket
    /// has not taken): linger until it is out, the peer closes, or the linger deadline passes.
    /// Returns whether to keep the connection open for now.
    mutating func keepOpenForOutput(now: Instant) -> Bool {
        if let lingerUntil { return now < lingerUntil }
        lingerUntil = now + lingerLimit
        return true
    }

    /// The peer closed its side: owed responses are still written, then the connection closes.
    mutating func peerClosed() -> Action {
        if lingerUntil != nil { return .close }
        reading = .stopped
        return owed == 0 ? .close : .none
    }
}
