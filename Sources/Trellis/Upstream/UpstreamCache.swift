import SDUI
import Synchronization

/// Successes per cache key until their TTL (and stale window) passes, and the calls in flight
/// with their waiters.
///
/// One lock guards both, so "look up, else join, else lead" is atomic: concurrent fetches of
/// one key make one upstream call. Failures are never stored. A value past its TTL but inside
/// its `staleIfError` window is not a hit, but is handed out when the call fails (SPEC §6.2).
/// Bounded twice: by `maxEntries` values and by `maxBytes` of what they hold (the parsed value's
/// heap, its key, the table's slot: `HeapBytes`), so a personal source's per-user values or a
/// few large bodies can't hold more than the budget. Past either bound, expired values are
/// swept first, then those that expire soonest go until both bounds hold again.
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
        /// The bytes charged against `maxBytes`.
        var cost: Int
    }

    private struct InFlight {
        var deadline: ContinuousClock.Instant
        var waiters: [UpstreamCompletion]
    }

    private struct State {
        var values: [String: Cached] = [:]
        var inFlight: [String: InFlight] = [:]
        /// The sum of the values' costs.
        var bytes = 0
    }

    /// Bytes charged per value besides its heap and its key's: its table slot and bookkeeping.
    static let entryOverhead = 128

    /// The most values kept.
    let maxEntries: Int
    /// The most bytes the values may hold together (`serve`: a quarter of `--cache-bytes`).
    let maxBytes: Int
    private let state = Mutex(State())

    /// An empty cache.
    init(maxEntries: Int = 10_000, maxBytes: Int = 16 << 20) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    /// Looks `key` up at `now`; on a miss, registers `waiter` on the call in flight or, if there
    /// is none, starts one that ends by `deadline`.
    func lookup(_ key: String, now: ContinuousClock.Instant, waiter: UpstreamCompletion, deadline: ContinuousClock.Instant) -> Lookup {
        state.withLock { state in
            var stale: JSONValue?
            if let cached = state.values[key] {
                if now < cached.expires { return .hit(cached.value) }
                if now < cached.staleUntil {
                    stale = cached.value
                } else {
                    state.values[key] = nil
                    state.bytes -= cached.cost
                }
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
                let cost = HeapBytes.of(value) + HeapBytes.of(key) + Self.entryOverhead
                guard cost <= maxBytes else { return (state.inFlight.removeValue(forKey: key)?.waiters ?? [], answer) }
                if let replaced = state.values.removeValue(forKey: key) { state.bytes -= replaced.cost }
                Self.makeRoom(in: &state, for: cost, maxEntries: maxEntries, maxBytes: maxBytes, now: now)
                state.values[key] = Cached(value: value, expires: now + ttl, staleUntil: now + ttl + staleIfError, cost: cost)
                state.bytes += cost
            } else if value == nil, let cached = state.values[key], now < cached.staleUntil {
                answer = .stale(cached.value)
            }
            return (state.inFlight.removeValue(forKey: key)?.waiters ?? [], answer)
        }
    }

    /// How many values are cached (expired ones included until swept).
    var count: Int { state.withLock { $0.values.count } }

    /// The bytes the values are charged now.
    var bytes: Int { state.withLock { $0.bytes } }

    /// Drops values until one more of `cost` bytes fits both bounds: expired ones first, then
    /// those that expire soonest.
    private static func makeRoom(in state: inout State, for cost: Int, maxEntries: Int, maxBytes: Int,
                                 now: ContinuousClock.Instant) {
        func fits() -> Bool { state.values.count < maxEntries && state.bytes + cost <= maxBytes }
        guard !fits() else { return }
        for (key, cached) in state.values where cached.staleUntil <= now {
            state.values[key] = nil
            state.bytes -= cached.cost
        }
        // One linear scan per value dropped (usually one): no sort of the whole table per insert.
        while !fits(), let soonest = state.values.min(by: { $0.value.staleUntil < $1.value.staleUntil }) {
            state.values[soonest.key] = nil
            state.bytes -= soonest.value.cost
        }
    }
}
