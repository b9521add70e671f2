import SDUI

/// Successes per cache key until their TTL (and stale window) passes, and the calls in flight
/// with their waiters: a `CacheCore` whose entries know when they stop being fresh and whose
/// running computations are upstream calls with a deadline.
///
/// "Look up, else join, else lead" is atomic: concurrent fetches of one key make one upstream
/// call. Failures are never stored. A value past its TTL but inside its `staleIfError` window
/// is not a hit, but is handed out when the call fails (SPEC §6.2). Bounded twice: by
/// `maxEntries` values and by `maxBytes` of what they hold (the parsed value's heap, its key,
/// the storage's slot: `HeapBytes`), so a personal source's per-user values or a few large
/// bodies can't hold more than the budget; past either bound the least recently used go first.
final class UpstreamCache: Sendable {
    /// A stored value and the end of its TTL; the core drops it at the end of its stale window.
    struct Entry: Sendable {
        let value: JSONValue
        let freshUntil: ContinuousClock.Instant
        /// The source it is a value of, for an action's invalidation (SPEC §11).
        var source = ""
    }

    /// A call in flight: when it ends at the latest, and the fetches that joined it.
    struct Call: Sendable {
        let deadline: ContinuousClock.Instant
        var joiners: [UpstreamCompletion] = []
    }

    /// The call a fetch leads: its place in the cache and the leader's own completion.
    struct Lead: Sendable {
        fileprivate let ticket: CacheCore<String, Entry, Call>.Ticket
        fileprivate let waiter: UpstreamCompletion
    }

    /// What a fetch should do.
    enum Lookup {
        /// A fresh cached value: answer at once.
        case hit(JSONValue)
        /// Joined a call in flight that will finish by `deadline`; `stale` is what a waiter
        /// that gives up before may answer with.
        case joined(deadline: ContinuousClock.Instant, stale: JSONValue?)
        /// Nobody is fetching this key: the caller makes the call (or fails it at once), then
        /// calls `finish` with `Lead`.
        case lead(Lead)
    }

    /// Bytes charged per value besides its heap and its key's: its storage slot and index.
    static var entryOverhead: Int { CacheCore<String, Entry, Call>.bookkeepingBytesPerEntry }

    /// The most values kept.
    let maxEntries: Int
    /// The most bytes the values may hold together (`serve`: a quarter of `--cache-bytes`).
    let maxBytes: Int
    private let core: CacheCore<String, Entry, Call>

    /// An empty cache.
    init(maxEntries: Int = 10_000, maxBytes: Int = 16 << 20) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
        core = CacheCore(capacity: maxBytes, maxCount: maxEntries)
    }

    /// Looks `key` up at `now`; on a miss, registers `waiter` on the call in flight or, if there
    /// is none, starts one that ends by `deadline`.
    func lookup(_ key: String, now: ContinuousClock.Instant, waiter: UpstreamCompletion, deadline: ContinuousClock.Instant) -> Lookup {
        var stale: JSONValue?, callDeadline = deadline
        let claim = core.claim(key, now: now, answers: { entry in
            if now < entry.freshUntil { return true }
            stale = entry.value
            return false
        }, join: { call in
            call.joiners.append(waiter)
            callDeadline = call.deadline
        }, start: { Call(deadline: deadline) })
        switch claim {
        case .hit(let entry): return .hit(entry.value)
        case .joined: return .joined(deadline: callDeadline, stale: stale)
        case .compute(let ticket): return .lead(Lead(ticket: ticket, waiter: waiter))
        }
    }

    /// Whether a value for `key` is cached and fresh at `now`; nothing is claimed or counted.
    func isFresh(_ key: String, now: ContinuousClock.Instant) -> Bool {
        core.value(for: key, now: now).map { now < $0.freshUntil } ?? false
    }

    /// Ends the call `lead` made for `key`: stores `value` (if any) until `now + ttl`, usable
    /// stale for `staleIfError` more; returns every waiter to resolve (the leader's own first)
    /// and what they get: the new value, else a value still inside its stale window, else nil.
    func finish(_ key: String, lead: Lead, value: JSONValue?, ttl: Duration, staleIfError: Duration,
                now: ContinuousClock.Instant, source: String = "") -> (waiters: [UpstreamCompletion], answer: UpstreamValue?) {
        var answer = value.map(UpstreamValue.fresh)
        var kept: Entry?, cost = 0
        if let value, ttl > .zero {
            cost = HeapBytes.of(value) + HeapBytes.of(key) + Self.entryOverhead
            if cost <= maxBytes { kept = Entry(value: value, freshUntil: now + ttl, source: source) }
        } else if value == nil, let cached = core.value(for: key, now: now) {
            answer = .stale(cached.value)
        }
        let call = core.deliver(kept, for: key, ticket: lead.ticket, cost: cost, expiresAt: now + ttl + staleIfError)
        return ([lead.waiter] + (call?.joiners ?? []), answer)
    }

    /// Drops the values of `source` whose key `isDropped` (SPEC §11: an action's `invalidates`).
    /// A call in flight still answers its waiters, but its value is not stored.
    func remove(source: String, where isDropped: @escaping @Sendable (String) -> Bool) {
        core.removeAll { key, entry in entry.source == source && isDropped(key) }
    }

    /// How many values are cached (expired ones included until looked up or evicted).
    var count: Int { core.count }

    /// The bytes the values are charged now.
    var bytes: Int { core.totalCost }
}
