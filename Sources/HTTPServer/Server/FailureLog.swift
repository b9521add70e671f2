import Logging
import Synchronization

/// The server's own failures, logged through the `Logger` it was given and rate-limited per
/// kind: at most one line per `interval`, which says how many of that kind were suppressed
/// since the previous line. Nothing is swallowed: every failure is logged or counted.
///
/// Safe from any thread (a loop, the accept path, a drain timer).
final class FailureLog: Sendable {
    /// What failed; each kind has its own rate limit.
    enum Kind: String, Sendable, CaseIterable {
        /// `epoll_wait` failed (a bug: the loop backs off instead of spinning).
        case eventLoop = "event_loop"
        /// `accept` failed (EMFILE, ENFILE, ENOBUFS ...): the listener backs off.
        case acceptBackOff = "accept_back_off"
        /// A connection could not be registered with epoll.
        case registration
        /// A TLS handshake failed or could not start.
        case tlsHandshake = "tls_handshake"
    }

    private struct Window {
        var lastLogged: ContinuousClock.Instant?
        var suppressed = 0
    }

    /// The logger lines go to.
    let logger: Logger
    /// The shortest time between two lines of one kind.
    let interval: Duration
    private let windows = Mutex<[Kind: Window]>([:])

    /// A log writing to `logger`, one line per kind per `interval` at most.
    init(logger: Logger, interval: Duration = .seconds(1)) {
        self.logger = logger
        self.interval = interval
    }

    /// Logs `message` at `level` for `kind`, or counts it when a line of that kind was logged
    /// less than `interval` before `now`.
    func report(
        _ kind: Kind, _ message: @autoclosure () -> String, level: Logger.Level = .error,
        now: ContinuousClock.Instant = .now
    ) {
        let suppressed: Int? = windows.withLock { windows in
            var window = windows[kind, default: Window()]
            defer { windows[kind] = window }
            if let last = window.lastLogged, now < last + interval {
                window.suppressed += 1
                return nil
            }
            defer { window = Window(lastLogged: now, suppressed: 0) }
            return window.suppressed
        }
        guard let suppressed else { return }
        var metadata: Logger.Metadata = ["kind": "\(kind.rawValue)"]
        if suppressed > 0 { metadata["suppressed"] = "\(suppressed)" }
        logger.log(level: level, "\(message())", metadata: metadata)
    }
}
