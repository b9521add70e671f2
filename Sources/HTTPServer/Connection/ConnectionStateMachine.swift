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
    typealias Instant = ContinuousClock.Instant

    /// The time limits of the lifecycle.
    struct Timeouts: Sendable {
        /// To receive a complete request head.
        var head: Duration = .seconds(10)
        /// Between keep-alive requests, and without progress while a body or response is owed.
        var idle: Duration = .seconds(60)
        /// How long to discard input after a closing response before closing.
        var linger: Duration = .seconds(2)
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

    let timeouts: Timeouts
    var reading: Reading
    /// Responses owed and not yet completely written.
    var owed = 0
    var draining = false
    var lingerUntil: Instant?
    /// The last time an owed response made progress (dispatch or bytes written).
    var progressAt: Instant

    /// A connection accepted at `now`: the first request's head timeout starts now.
    init(now: Instant, timeouts: Timeouts) {
        self.timeouts = timeouts
        reading = .head(since: now)
        progressAt = now
    }

    /// When `timerFired` must be called next, if ever.
    var deadline: Instant? {
        if let lingerUntil { return lingerUntil }
        var result: Instant?
        switch reading {
        case .head(let since): result = since + timeouts.head
        case .body(let since): result = since + timeouts.idle
        case .idle(let since) where owed == 0: result = since + timeouts.idle
        case .idle, .stopped: result = nil
        }
        if owed > 0 {
            let stall = progressAt + timeouts.idle
            result = result.map { min($0, stall) } ?? stall
        }
        return result
    }

    /// Whether no further request will be read.
    var isClosing: Bool { reading == .stopped }
}
