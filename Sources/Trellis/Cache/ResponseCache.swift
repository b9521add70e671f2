import Synchronization

/// A thread-safe LRU cache of finished representations (bodies, gzipped bodies, headers),
/// bounded by total cost in bytes, with optional per-entry expiry and request coalescing.
///
/// - `claim(_:waiter:)` then `deliver` is the request path: a hit answers at once; on a miss
///   the first caller computes (synchronously when it can, with no closure) and everyone asking
///   for the same key meanwhile waits for that one computation. Each claim counts one hit or
///   one miss (a coalesced waiter is a miss). `value(for:compute:completion:)` is the same
///   with the computation and the answer as closures.
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

    /// Where the computation of a key started in one generation waits: a key is hashed once per
    /// claim (outside the lock), and its computation is found again by these two integers, not
    /// by hashing the key twice more. Two keys of one hash never share a computation: the second
    /// one's claim computes on its own, uncoalesced (a 64-bit collision: almost never).
    fileprivate struct PendingID: Hashable {
        let hash: Int
        let generation: Int
    }

    /// A running computation: its key and the callers that joined it.
    private struct Computation {
        let key: Key
        var waiters: [Completion] = []
    }

    /// Everything the lock guards.
    private struct State {
        var storage: LRUStorage<Key, Value>
        /// The running computations, by their key's hash and generation.
        var computations: [PendingID: Computation] = [:]
        /// Bumped by `removeAll`; a computation of an older generation is not stored or joined.
        var generation = 0
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

    /// How many claims were answered from the cache.
    package var hits: Int { hitCount.load(ordering: .relaxed) }
    /// How many were not (coalesced waiters included).
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
    /// to `claim`, which counts the miss). The serving path's first
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
        guard keeps(expiresAt) else { return }
        state.withLock { $0.storage.insert(value, for: key, cost: cost, expiresAt: expiresAt) }
    }

    /// Drops every entry (waiters of running computations still get their value).
    package func removeAll() {
        state.withLock {
            $0.storage.removeAll()
            $0.generation += 1
        }
    }

    /// What `claim` found for a key.
    package enum Claim {
        /// The live value, counted as a hit.
        case hit(Value)
        /// A computation of the key is under way: the waiter joined it and gets its value.
        case joined
        /// No value and no computation: the caller computes it and hands it to `deliver(_:for:claim:cost:expiresAt:)`,
        /// exactly once; later callers wait for it meanwhile.
        case compute(Ticket)
    }

    /// A computation `claim` handed to its caller: where it waits.
    package struct Ticket: Sendable {
        fileprivate let id: PendingID
    }

    /// The value for `key` from the cache, or a computation of it to join or to run. Counts one
    /// hit or one miss. `waiter` is made only when the caller joins a computation under way: the
    /// caller that computes gets its own value from its own computation and needs no closure.
    package func claim(_ key: Key, waiter: @autoclosure () -> Completion) -> Claim {
        let now = now(), hash = key.hashValue
        let claim: Claim = state.withLock { state in
            if let value = state.storage.value(for: key, now: now) { return .hit(value) }
            let id = PendingID(hash: hash, generation: state.generation)
            if let index = state.computations.index(forKey: id) {
                guard state.computations.values[index].key == key else { return .compute(Ticket(id: id)) }
                state.computations.values[index].waiters.append(waiter())
                return .joined
            }
            state.computations[id] = Computation(key: key)
            return .compute(Ticket(id: id))
        }
        if case .hit = claim {
            hitCount.add(1, ordering: .relaxed)
        } else {
            missCount.add(1, ordering: .relaxed)
        }
        return claim
    }

    /// Ends the computation of `key` that `claim` handed out as `ticket`: stores `value` (nil on
    /// failure: not stored) at `cost` until `expiresAt`, unless `removeAll` ran meanwhile, and
    /// answers the callers that joined it.
    package func deliver(_ value: Value?, for key: Key, claim ticket: Ticket, cost: Int, expiresAt: ContinuousClock.Instant?) {
        let live = keeps(expiresAt)
        let waiters = state.withLock { state in
            if let value, live, state.generation == ticket.id.generation {
                state.storage.insert(value, for: key, cost: cost, expiresAt: expiresAt)
            }
            guard let index = state.computations.index(forKey: ticket.id), state.computations.values[index].key == key else {
                return [Completion]()
            }
            return state.computations.remove(at: index).value.waiters
        }
        for waiter in waiters { waiter(value, false) }
    }

    /// Answers `completion` from the cache, or from one shared run of `compute` per key.
    package func value(for key: Key, compute: @escaping @Sendable (@escaping Deliver) -> Void, completion: @escaping Completion) {
        switch claim(key, waiter: completion) {
        case .hit(let value):
            completion(value, true)
        case .joined:
            break
        case .compute(let ticket):
            compute { value, cost, expiresAt in
                self.deliver(value, for: key, claim: ticket, cost: cost, expiresAt: expiresAt)
                completion(value, false)
            }
        }
    }

    /// Whether an entry expiring at `expiresAt` is worth storing (`deliver` stores only those): a
    /// page whose data failed has a zero lifetime (`PageCachePolicy`), and would only hold
    /// memory until evicted.
    package func keeps(_ expiresAt: ContinuousClock.Instant?) -> Bool {
        expiresAt.map { $0 > now() } ?? true
    }
}
