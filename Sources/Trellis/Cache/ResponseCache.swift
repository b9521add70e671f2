/// A thread-safe cache of finished representations (bodies, gzipped bodies, headers), bounded
/// by total cost in bytes, with optional per-entry expiry and request coalescing: a
/// `CacheCore` whose running computations keep only their joiners' completions.
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
    /// The core: a running computation keeps the completions of the callers that joined it.
    typealias Core = CacheCore<Key, Value, [Completion]>
    /// What `claim` found for a key: a hit, a computation joined, or one to run.
    typealias Claim = Core.Claim
    /// A computation `claim` handed to its caller: where it waits.
    typealias Ticket = Core.Ticket

    private let core: Core
    private let now: @Sendable () -> ContinuousClock.Instant

    /// A cache holding at most `capacityBytes` of total cost; `now` is the clock expiry is
    /// checked against (injectable for tests).
    package init(capacityBytes: Int, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        core = Core(capacity: capacityBytes)
        self.now = now
    }

    /// How many claims were answered from the cache.
    package var hits: Int { core.hits }
    /// How many were not (coalesced waiters included).
    package var misses: Int { core.misses }
    /// How many entries are held.
    package var count: Int { core.count }
    /// The total cost of the entries held.
    package var totalCost: Int { core.totalCost }
    /// The most total cost the entries may have.
    package var capacityBytes: Int { core.capacity }
    /// The most bytes the cache's own bookkeeping holds per entry (slot, index bucket): part
    /// of every entry's cost.
    package static var bookkeepingBytesPerEntry: Int { Core.bookkeepingBytesPerEntry }

    /// The live value for `key`, if any, marked most recently used; counts no hit or miss.
    package func cachedValue(for key: Key) -> Value? {
        core.value(for: key, now: now())
    }

    /// The live value for `key`, counted as a hit, or nil (counting nothing: the caller goes on
    /// to `claim`, which counts the miss). The serving path's first step: a hit needs no closure.
    package func hit(for key: Key) -> Value? {
        core.hit(for: key, now: now())
    }

    /// The key held equal to `key` (the object stored with its entry), or `key` itself when none
    /// is: a key kept for later look-ups (`DecisionMemo`) that is the stored object is found
    /// equal at once (`CacheKey ==`), where an equal copy compares its plans field by field.
    package func storedKey(equalTo key: Key) -> Key {
        core.storedKey(equalTo: key) ?? key
    }

    /// Stores `value` for `key`; an entry costing more than the capacity, or already expired,
    /// is not stored.
    package func insert(_ value: Value, for key: Key, cost: Int, expiresAt: ContinuousClock.Instant? = nil) {
        guard keeps(expiresAt) else { return }
        core.insert(value, for: key, cost: cost, expiresAt: expiresAt)
    }

    /// Drops every entry (waiters of running computations still get their value).
    package func removeAll() {
        core.removeAll()
    }

    /// Drops the entries whose key `isDropped` (SPEC §11: the pages that bound the values an
    /// action invalidates); a computation running meanwhile is not stored.
    package func removeAll(where isDropped: @Sendable (Key) -> Bool) {
        core.removeAll { key, _ in isDropped(key) }
    }

    /// The value for `key` from the cache, or a computation of it to join or to run. Counts one
    /// hit or one miss. `waiter` is made only when the caller joins a computation under way: the
    /// caller that computes gets its own value from its own computation and needs no closure.
    func claim(_ key: Key, waiter: @autoclosure () -> Completion) -> Claim {
        core.claim(key, now: now(), answers: { _ in true }, join: { $0.append(waiter()) }, start: { [] })
    }

    /// Ends the computation of `key` that `claim` handed out as `ticket`: stores `value` (nil on
    /// failure: not stored) at `cost` until `expiresAt`, unless a removal ran meanwhile, and
    /// answers the callers that joined it.
    func deliver(_ value: Value?, for key: Key, claim ticket: Ticket, cost: Int, expiresAt: ContinuousClock.Instant?) {
        let waiters = core.deliver(keeps(expiresAt) ? value : nil, for: key, ticket: ticket, cost: cost, expiresAt: expiresAt)
        for waiter in waiters ?? [] { waiter(value, false) }
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

extension ResponseCache where Value: AnyObject {
    /// Whether the live value for `key` is `value` itself: then it is counted as a hit and
    /// marked most recently used, as `hit(for:)` does; otherwise nothing is counted.
    /// `slotHint` is where the entry was found the last time (-1: nowhere yet), looked at
    /// first; it becomes where it is.
    package func hit(for key: Key, identicalTo value: Value, slotHint: inout Int) -> Bool {
        guard core.value(for: key, now: now(), slotHint: &slotHint) === value else { return false }
        core.countHit()
        return true
    }
}
