import Synchronization

/// A thread-safe LRU cache of finished representations (bodies, gzipped bodies, headers),
/// bounded by total cost in bytes, with optional per-entry expiry and request coalescing.
///
/// - `value(for:compute:completion:)` is the request path: a hit completes at once; on a miss
///   the first caller computes and everyone asking for the same key meanwhile waits for that
///   one computation. Each call counts one hit or one miss (a coalesced waiter is a miss).
/// - `cachedValue(for:)` is a plain synchronous look-up that counts nothing.
/// - `removeAll()` drops everything (Pages reload). A computation already running then still
///   completes its own waiters, but its value is not stored and later callers do not wait for
///   it: they start a fresh one, as the running one may belong to the old version.
///
/// An entry's cost is every byte it makes the process hold: its value's and its key's heap,
/// and `bookkeepingBytesPerEntry` for the cache's own slot and index (callers add it), so the
/// capacity bounds real memory. An entry already expired when it arrives is not stored.
///
/// Callbacks run outside the lock, on the thread that calls `deliver` (or the caller's, on a hit).
package final class ResponseCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Hands the computed value (nil on failure: delivered to waiters, not cached), its cost in
    /// bytes and its expiry to the cache. Call it exactly once per computation.
    package typealias Deliver = @Sendable (Value?, _ cost: Int, _ expiresAt: ContinuousClock.Instant?) -> Void
    /// Receives the value (nil when the computation failed) and whether it came from the cache.
    package typealias Completion = @Sendable (Value?, _ hit: Bool) -> Void

    /// A running computation: its key and the generation it started in.
    private struct Pending: Hashable {
        let key: Key
        let generation: Int
    }

    /// Everything the lock guards.
    private struct State {
        var storage: LRUStorage<Key, Value>
        var waiters: [Pending: [Completion]] = [:]
        /// Bumped by `removeAll`; a computation of an older generation is not stored or joined.
        var generation = 0
    }

    /// What a `value(for:)` call found under the lock.
    private enum Lookup {
        case hit(Value)
        case compute(generation: Int)
        case queued
    }

    private let state: Mutex<State>
    private let hitCount = Atomic<Int>(0)
    private let missCount = Atomic<Int>(0)
    private let now: @Sendable () -> ContinuousClock.Instant

    /// A cache holding at most `capacityBytes` of total cost; `now` is the clock expiry is
    /// checked against (injectable for tests).
    package init(capacityBytes: Int, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        state = Mutex(State(storage: LRUStorage(capacity: capacityBytes)))
        self.now = now
    }

    /// How many `value(for:)` calls were answered from the cache.
    package var hits: Int { hitCount.load(ordering: .relaxed) }
    /// How many `value(for:)` calls were not (coalesced waiters included).
    package var misses: Int { missCount.load(ordering: .relaxed) }
    /// How many entries are held.
    package var count: Int { state.withLock { $0.storage.count } }
    /// The total cost of the entries held.
    package var totalCost: Int { state.withLock { $0.storage.totalCost } }
    /// The most total cost the entries may have.
    package var capacityBytes: Int { state.withLock { $0.storage.capacity } }
    /// The most bytes the cache's own bookkeeping holds per entry (slot, index bucket): part
    /// of every entry's cost.
    package static var bookkeepingBytesPerEntry: Int { LRUStorage<Key, Value>.bookkeepingBytesPerEntry }

    /// The live value for `key`, if any, marked most recently used; counts no hit or miss.
    package func cachedValue(for key: Key) -> Value? {
        let now = now()
        return state.withLock { $0.storage.value(for: key, now: now) }
    }

    /// The live value for `key`, counted as a hit, or nil (counting nothing: the caller goes on
    /// to `value(for:compute:completion:)`, which counts the miss). The serving path's first
    /// step: a hit needs no closure.
    package func hit(for key: Key) -> Value? {
        let now = now()
        guard let value = state.withLock({ $0.storage.value(for: key, now: now) }) else { return nil }
        hitCount.add(1, ordering: .relaxed)
        return value
    }

    /// Stores `value` for `key`; an entry costing more than the capacity, or already expired,
    /// is not stored.
    package func insert(_ value: Value, for key: Key, cost: Int, expiresAt: ContinuousClock.Instant? = nil) {
        guard isLive(expiresAt) else { return }
        state.withLock { $0.storage.insert(value, for: key, cost: cost, expiresAt: expiresAt) }
    }

    /// Drops every entry (waiters of running computations still get their value).
    package func removeAll() {
        state.withLock {
            $0.storage.removeAll()
            $0.generation += 1
        }
    }

    /// Answers `completion` from the cache, or from one shared run of `compute` per key.
    package func value(for key: Key, compute: @escaping @Sendable (@escaping Deliver) -> Void, completion: @escaping Completion) {
        let now = now()
        let lookup: Lookup = state.withLock { state in
            if let value = state.storage.value(for: key, now: now) { return .hit(value) }
            let pending = Pending(key: key, generation: state.generation)
            if state.waiters[pending] != nil {
                state.waiters[pending]!.append(completion)
                return .queued
            }
            state.waiters[pending] = [completion]
            return .compute(generation: state.generation)
        }
        switch lookup {
        case let .hit(value):
            hitCount.add(1, ordering: .relaxed)
            completion(value, true)
        case .queued:
            missCount.add(1, ordering: .relaxed)
        case let .compute(generation):
            missCount.add(1, ordering: .relaxed)
            compute { value, cost, expiresAt in
                self.finish(key, generation: generation, value: value, cost: cost, expiresAt: expiresAt)
            }
        }
    }

    /// Whether an entry expiring at `expiresAt` is worth storing: a page whose data failed has
    /// a zero lifetime (`PageCachePolicy`), and would only hold memory until evicted.
    private func isLive(_ expiresAt: ContinuousClock.Instant?) -> Bool {
        expiresAt.map { $0 > now() } ?? true
    }

    private func finish(_ key: Key, generation: Int, value: Value?, cost: Int, expiresAt: ContinuousClock.Instant?) {
        let live = isLive(expiresAt)
        let waiters = state.withLock { state in
            if let value, live, state.generation == generation {
                state.storage.insert(value, for: key, cost: cost, expiresAt: expiresAt)
            }
            return state.waiters.removeValue(forKey: Pending(key: key, generation: generation)) ?? []
        }
        for waiter in waiters { waiter(value, false) }
    }
}
