import SDUI
import Synchronization

/// Successes per cache key until their TTL (and stale window) passes, and the calls in flight
/// with their waiters.
///
/// One lock guards both, so "look up, else join, else lead" is atomic: concurrent fetches of
/// one key make one upstream call. Failures are never stored. A value past its TTL but inside
/// its `staleIfError` window is not a hit, but is handed out when the call fails (SPEC §6.2).
/// When more than `maxEntries` values are kept, expired ones are swept; if that is not enough,
/// the cache is emptied (a crude bound that keeps memory flat under a flood of distinct keys).
final class UpstreamCache: Sendable {
    /// What a fetch should do.
    enum Lookup {
        /// A fresh cached value: answer at once.
        case hit(JSONValue)
        /// Joined a call in flight that will finish by `deadline`; `stale` is what a waiter
        /// that gives up before may answer with.
        case joined(deadline: ContinuousClock.Instant, stale: JSONValue?)
        /// Nobody is fetching this key: the caller makes the call (or fails it at once), then
        /// calls `finish`.
        case lead
    }

    private struct Cached {
        var value: JSONValue
        var expires: ContinuousClock.Instant
        /// The end of the stale window (`expires` when there is none).
        var staleUntil: ContinuousClock.Instant
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

    /// Looks `key` up at `now`; on a miss, registers `waiter` on the call in flight or, if there
    /// is none, starts one that ends by `deadline`.
    func lookup(_ key: String, now: ContinuousClock.Instant, waiter: UpstreamCompletion, deadline: ContinuousClock.Instant) -> Lookup {
        state.withLock { state in
            var stale: JSONValue?
            if let cached = state.values[key] {
                if now < cached.expires { return .hit(cached.value) }
                if now < cached.staleUntil { stale = cached.value } else { state.values[key] = nil }
            }
            if var call = state.inFlight[key] {
                call.waiters.append(waiter)
                state.inFlight[key] = call
                return .joined(deadline: call.deadline, stale: stale)
            }
            state.inFlight[key] = InFlight(deadline: deadline, waiters: [waiter])
            return .lead
        }
    }

    /// Ends the call for `key`: stores `value` (if any) until `now + ttl`, usable stale for
    /// `staleIfError` more; returns every waiter to resolve (the leader's own included) and
    /// what they get: the new value, else a value still inside its stale window, else nil.
    func finish(_ key: String, value: JSONValue?, ttl: Duration, staleIfError: Duration,
                now: ContinuousClock.Instant) -> (waiters: [UpstreamCompletion], answer: UpstreamValue?) {
        state.withLock { state in
            var answer = value.map(UpstreamValue.fresh)
            if let value, ttl > .zero {
                if state.values.count >= maxEntries {
                    state.values = state.values.filter { now < $0.value.staleUntil }
                    if state.values.count >= maxEntries { state.values = [:] }
                }
                state.values[key] = Cached(value: value, expires: now + ttl, staleUntil: now + ttl + staleIfError)
            } else if value == nil, let cached = state.values[key], now < cached.staleUntil {
                answer = .stale(cached.value)
            }
            return (state.inFlight.removeValue(forKey: key)?.waiters ?? [], answer)
        }
    }

    /// How many values are cached (expired ones included until swept).
    var count: Int { state.withLock { $0.values.count } }
}
