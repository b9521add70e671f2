import Synchronization

/// The circuit breakers of the upstream sources (SPEC §6.2), one per source name: after
/// `failures` consecutive failures or timeouts a source is open for `cooldown` — fetches get
/// no value (or a stale one) at once, without a connection; after the cooldown one fetch goes
/// through as a probe, and its success closes the breaker (its failure opens it again).
package final class CircuitBreaker: Sendable {
    /// A source's thresholds (`breakerFailures`, `breakerCooldownMs`).
    package struct Settings: Sendable, Hashable {
        package var failures = 5
        package var cooldown: Duration = .seconds(5)

        /// The defaults: 5 failures, 5 s.
        package init() {}

        /// `failures` in a row open the breaker for `cooldown`.
        package init(failures: Int, cooldown: Duration) {
            self.failures = failures
            self.cooldown = cooldown
        }
    }

    /// One source's state.
    private struct State {
        var consecutiveFailures = 0
        /// While open: when the next probe may go.
        var openUntil: ContinuousClock.Instant?
        var probing = false
    }

    private let states = Mutex<[String: State]>([:])

    /// Breakers for every source, all closed.
    package init() {}

    /// Whether a call to `source` may go out at `now`: always when closed; when open, only
    /// as the one probe after the cooldown.
    package func allows(_ source: String, now: ContinuousClock.Instant) -> Bool {
        states.withLock { states in
            guard let until = states[source]?.openUntil else { return true }
            guard now >= until, states[source]?.probing == false else { return false }
            states[source]?.probing = true
            return true
        }
    }

    /// Records the outcome of a call to `source` that `allows` let through.
    package func record(_ source: String, succeeded: Bool, settings: Settings, now: ContinuousClock.Instant) {
        states.withLock { states in
            var state = states[source] ?? State()
            if succeeded {
                state = State()
            } else {
                state.consecutiveFailures += 1
                if state.probing || state.consecutiveFailures >= settings.failures {
                    state.openUntil = now + settings.cooldown
                }
                state.probing = false
            }
            states[source] = state
        }
    }

    /// The sources whose breaker is open (or probing), for the `trellis_upstream_breaker_open` gauge;
    /// every source seen so far maps to 0 or 1.
    package func openStates() -> [String: Bool] {
        states.withLock { $0.mapValues { $0.openUntil != nil } }
    }
}
