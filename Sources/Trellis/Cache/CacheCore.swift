import Synchronization

/// What the response cache and the upstream value cache share: stored values bounded by total
/// cost and count (least recently used first out, each with an optional expiry), one
/// computation per key at a time that later callers join (single flight), counters, and
/// invalidation. Thread-safe: one lock guards the values and the computations together, so
/// "look up, else join, else compute" is atomic.
///
/// `Call` is what a user keeps with a running computation: the response cache its joiners'
/// closures, the upstream cache its joiners and the call's deadline. What answers a look-up,
/// what a joiner adds and what a delivered value costs are the user's, passed per call.
///
/// A running computation is found again by its key's hash and the generation it started in
/// (the key hashed once per claim, outside the lock, not again by `deliver`). Two keys of one
/// hash never share a computation: the second one's claim computes on its own, uncoalesced (a
/// 64-bit collision: almost never). Every removal (`removeAll`, `removeAll(where:)`) starts a
/// new generation: a computation already running then still ends for its own joiners, but its
/// value is not stored and later callers do not join it, as it may hold what was just dropped.
final class CacheCore<Key: Hashable & Sendable, Value: Sendable, Call: Sendable>: Sendable {
    /// Where a computation started in one generation waits.
    fileprivate struct ComputationID: Hashable {
        let hash: Int
        let generation: Int
    }

    /// The computation `claim` handed to its caller, to end with `deliver`.
    struct Ticket: Sendable {
        fileprivate let id: ComputationID
    }

    /// What `claim` found for a key.
    enum Claim {
        /// A stored value that answers, counted as a hit.
        case hit(Value)
        /// A computation of the key is under way: the caller joined it.
        case joined
        /// No answer and no computation: the caller computes, then hands the value to
        /// `deliver` exactly once; later callers join it meanwhile.
        case compute(Ticket)
    }

    /// Everything the lock guards.
    private struct State {
        var storage: LRUStorage<Key, Value>
        var computations: [ComputationID: (key: Key, call: Call)] = [:]
        /// Bumped by every removal; a computation of an older generation is not stored or joined.
        var generation = 0
    }

    private let state: Mutex<State>
    private let hitCount = Atomic<Int>(0)
    private let missCount = Atomic<Int>(0)

    /// A core holding at most `capacity` of total cost in at most `maxCount` entries.
    init(capacity: Int, maxCount: Int = .max) {
        state = Mutex(State(storage: LRUStorage(capacity: capacity, maxCount: maxCount)))
    }

    /// How many claims and hits were answered from the storage.
    var hits: Int { hitCount.load(ordering: .relaxed) }
    /// How many claims were not (joiners included).
    var misses: Int { missCount.load(ordering: .relaxed) }
    /// How many entries are held (expired ones included until looked up or evicted).
    var count: Int { state.withLock { $0.storage.count } }
    /// The total cost of the entries held.
    var totalCost: Int { state.withLock { $0.storage.totalCost } }
    /// The most total cost the entries may have.
    var capacity: Int { state.withLock { $0.storage.capacity } }
    /// The most bytes the storage's own bookkeeping holds per entry: part of every entry's cost.
    static var bookkeepingBytesPerEntry: Int { LRUStorage<Key, Value>.bookkeepingBytesPerEntry }

    /// The live value for `key` at `now`, if any, marked most recently used; counts nothing.
    func value(for key: Key, now: ContinuousClock.Instant) -> Value? {
        state.withLock { $0.storage.value(for: key, now: now) }
    }

    /// `value(for:now:)`, looking first in slot `hint` (`LRUStorage.value(for:now:slotHint:)`).
    func value(for key: Key, now: ContinuousClock.Instant, slotHint hint: inout Int) -> Value? {
        state.withLock { $0.storage.value(for: key, now: now, slotHint: &hint) }
    }

    /// The key held equal to `key`, if any (`LRUStorage.storedKey(equalTo:)`).
    func storedKey(equalTo key: Key) -> Key? {
        state.withLock { $0.storage.storedKey(equalTo: key) }
    }

    /// The live value for `key` at `now` counted as a hit, or nil (counting nothing).
    func hit(for key: Key, now: ContinuousClock.Instant) -> Value? {
        guard let value = value(for: key, now: now) else { return nil }
        countHit()
        return value
    }

    /// Counts a hit on a value found by `value(for:now:)`.
    func countHit() {
        hitCount.add(1, ordering: .relaxed)
    }

    /// Stores `value` for `key` at `cost` until `expiresAt` (nil: until evicted or removed).
    func insert(_ value: Value, for key: Key, cost: Int, expiresAt: ContinuousClock.Instant?) {
        state.withLock { $0.storage.insert(value, for: key, cost: cost, expiresAt: expiresAt) }
    }

    /// The live value for `key` if `answers` takes it (counted as a hit); else `key`'s
    /// computation under way, which `join` adds the caller to; else a new one, whose `Call` is
    /// `start()`. Counts one hit or one miss.
    func claim(_ key: Key, now: ContinuousClock.Instant, answers: (Value) -> Bool,
               join: (inout Call) -> Void, start: () -> Call) -> Claim {
        let hash = key.hashValue
        let claim: Claim = state.withLock { state in
            if let value = state.storage.value(for: key, now: now), answers(value) { return .hit(value) }
            let id = ComputationID(hash: hash, generation: state.generation)
            if let index = state.computations.index(forKey: id) {
                guard state.computations.values[index].key == key else { return .compute(Ticket(id: id)) }
                join(&state.computations.values[index].call)
                return .joined
            }
            state.computations[id] = (key, start())
            return .compute(Ticket(id: id))
        }
        if case .hit = claim {
            hitCount.add(1, ordering: .relaxed)
        } else {
            missCount.add(1, ordering: .relaxed)
        }
        return claim
    }

    /// Ends the computation of `key` that `claim` handed out as `ticket`: stores `value` (nil:
    /// nothing, and an entry already held stays) at `cost` until `expiresAt`, unless a removal
    /// ran meanwhile; returns the computation's `Call` (nil after a hash collision: nobody joined).
    func deliver(_ value: Value?, for key: Key, ticket: Ticket, cost: Int, expiresAt: ContinuousClock.Instant?) -> Call? {
        state.withLock { state in
            if let value, state.generation == ticket.id.generation {
                state.storage.insert(value, for: key, cost: cost, expiresAt: expiresAt)
            }
            guard let index = state.computations.index(forKey: ticket.id), state.computations.values[index].key == key else {
                return nil
            }
            return state.computations.remove(at: index).value.call
        }
    }

    /// Drops every entry (a Pages reload).
    func removeAll() {
        state.withLock {
            $0.storage.removeAll()
            $0.generation += 1
        }
    }

    /// Drops the entries for which `isDropped` holds: SPEC §11's invalidation, e.g. the values
    /// of the sources an action names, and the pages that bound them (a value tagged with the
    /// source names it bound is dropped by a predicate on its tags).
    func removeAll(where isDropped: @Sendable (Key, Value) -> Bool) {
        state.withLock {
            $0.storage.removeAll(where: isDropped)
            $0.generation += 1
        }
    }
}
