import SDUI
import Synchronization

/// Successes per URL until their TTL passes, and the calls in flight with their waiters.
///
/// One lock guards both, so "look up, else join, else lead" is atomic: concurrent fetches of
/// one URL make one upstream call. Failures are never stored. When more than `maxEntries`
/// values are cached, expired ones are swept; if that is not enough, the cache is emptied
/// (a crude bound that keeps memory flat under a flood of distinct keys).
final class UpstreamCache: Sendable {
    /// What a fetch should do.
    enum Lookup {
        /// A cached value: answer at once.
        case hit(JSONValue)
        /// Joined a call in flight that will finish by `deadline`.
        case joined(deadline: ContinuousClock.Instant)
        /// Nobody is fetching this URL: the caller makes the call, then calls `finish`.
        case lead
    }

    private struct Cached {
        var value: JSONValue
        var expires: ContinuousClock.Instant
    }

    private struct InFlight {
        var deadline: ContinuousClock.Instant
        var waiters: [UpstreamCompletion]
    }

    private struct State {
        var values: [String: Cached] = [:]
        var inFlight: [String: InFlight] = [:]
    }

    /// The most values kept before sweeping.
    let maxEntries: Int
    private let state = Mutex(State())

    /// An empty cache.
    init(maxEntries: Int = 10_000) {
        self.maxEntries = maxEntries
    }

    /// Looks `url` up at `now`; on a miss, registers `waiter` on the call in flight or, if there
    /// is none, starts one that ends by `deadline`.
    func lookup(_ url: String, now: ContinuousClock.Instant, waiter: UpstreamCompletion, deadline: ContinuousClock.Instant) -> Lookup {
        state.withLock { state in
            if let cached = state.values[url] {
                if now < cached.expires { return .hit(cached.value) }
                state.values[url] = nil
            }
            if var call = state.inFlight[url] {
                call.waiters.append(waiter)
                state.inFlight[url] = call
                return .joined(deadline: call.deadline)
            }
            state.inFlight[url] = InFlight(deadline: deadline, waiters: [waiter])
            return .lead
        }
    }

    /// Ends the call for `url`: stores `value` (if any) until `now + ttl`, and returns every
    /// waiter to resolve, the leader's own included.
    func finish(_ url: String, value: JSONValue?, ttl: Duration, now: ContinuousClock.Instant) -> [UpstreamCompletion] {
        state.withLock { state in
            if let value, ttl > .zero {
                if state.values.count >= maxEntries {
                    state.values = state.values.filter { now < $0.value.expires }
                    if state.values.count >= maxEntries { state.values = [:] }
                }
                state.values[url] = Cached(value: value, expires: now + ttl)
            }
            return state.inFlight.removeValue(forKey: url)?.waiters ?? []
        }
    }

    /// How many values are cached (expired ones included until swept).
    var count: Int { state.withLock { $0.values.count } }
}
