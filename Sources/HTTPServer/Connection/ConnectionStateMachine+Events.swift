extension ConnectionStateMachine {
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
            lingerUntil = now + timeouts.linger
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
        if owed > 0, now >= progressAt + timeouts.idle { return .close }
        switch reading {
        case .head(let since) where now >= since + timeouts.head:
            return protocolError(.requestTimeout, now: now)
        case .body(let since) where now >= since + timeouts.idle:
            return protocolError(.bodyTimeout, now: now)
        case .idle(let since) where owed == 0 && now >= since + timeouts.idle:
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
        lingerUntil = now + timeouts.linger
        return true
    }

    /// The peer closed its side: owed responses are still written, then the connection closes.
    mutating func peerClosed() -> Action {
        if lingerUntil != nil { return .close }
        reading = .stopped
        return owed == 0 ? .close : .none
    }
}
