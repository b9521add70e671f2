/// The stored entries of a `CacheCore`: bounded by total cost and by count, least recently used
/// first out, with optional expiry. Single-threaded: the core's lock guards it.
///
/// A dictionary maps each key to a slot; the slots form a doubly-linked list by index (head =
/// most recent). A slot's links, cost and expiry live in `meta`, apart from its key in `keys`
/// and its value in `values`, so a hit reorders the list and reads the value without copying
/// (and reference counting) the key.
/// Freed slots are reused, so a hit or a replacing insert allocates nothing and every
/// operation is O(1) (eviction is O(1) per evicted entry).
struct LRUStorage<Key: Hashable, Value> {
    /// A slot's place in recency order (-1: none), its cost and its expiry.
    private struct Meta {
        var previous = -1
        var next = -1
        var cost = 0
        var expiresAt: ContinuousClock.Instant?
    }

    /// The most total cost the entries may have.
    let capacity: Int
    /// The most entries held.
    let maxCount: Int
    /// The sum of the costs of the entries held.
    private(set) var totalCost = 0
    private var keys: [Key?] = []
    private var values: [Value?] = []
    private var meta: [Meta] = []
    private var freeSlots: [Int] = []
    private var index: [Key: Int] = [:]
    private var head = -1, tail = -1

    init(capacity: Int, maxCount: Int = .max) {
        precondition(maxCount > 0, "a storage must hold at least one entry")
        self.capacity = capacity
        self.maxCount = maxCount
    }

    /// The most bytes this storage itself may hold per entry, besides the key's and the
    /// value's own heap: its slots in `keys`, `values` and `meta`, whose arrays double when full (two
    /// slots per entry just after growing); its index bucket, in a dictionary whose
    /// power-of-two buckets are at most 3/4 full (8/3 buckets per entry just after doubling);
    /// and its index in `freeSlots`. Its users charge it with every entry, so eviction
    /// bounds real memory (`CacheMemoryTests` checks the charge against `mallinfo2`).
    static var bookkeepingBytesPerEntry: Int {
        2 * (MemoryLayout<Key?>.stride + MemoryLayout<Value?>.stride + MemoryLayout<Meta>.stride)
            + 8 * (MemoryLayout<Key>.stride + MemoryLayout<Int>.stride) / 3
            + MemoryLayout<Int>.stride
    }

    /// How many entries are held.
    var count: Int { index.count }

    /// The value for `key` unless absent or expired at `now` (then dropped); marks it most recent.
    mutating func value(for key: Key, now: ContinuousClock.Instant) -> Value? {
        guard let slot = index[key] else { return nil }
        return value(at: slot, now: now)
    }

    /// `value(for:now:)`, looking first in slot `hint` (where the key was found before): a
    /// slot holding an equal key is the one the index maps it to, so a key found again where
    /// it was is not hashed. `hint` becomes the slot the key is in (when it is).
    mutating func value(for key: Key, now: ContinuousClock.Instant, slotHint hint: inout Int) -> Value? {
        if !keys.indices.contains(hint) || keys[hint] != key {
            guard let slot = index[key] else { return nil }
            hint = slot
        }
        return value(at: hint, now: now)
    }

    /// The key held equal to `key`, if any: the object stored with its entry.
    func storedKey(equalTo key: Key) -> Key? {
        index[key].flatMap { keys[$0] }
    }

    /// The value in `slot` (which holds an entry) unless expired at `now` (then dropped); marks
    /// it most recent.
    private mutating func value(at slot: Int, now: ContinuousClock.Instant) -> Value? {
        if let expiresAt = meta[slot].expiresAt, expiresAt <= now {
            remove(slot)
            return nil
        }
        if slot != head {
            unlink(slot)
            pushFront(slot)
        }
        return values[slot]
    }

    /// Stores `value` (replacing any entry for `key`), evicting least recently used entries
    /// until the total cost and the count fit; an entry costing more than the capacity is not stored.
    mutating func insert(_ value: Value, for key: Key, cost: Int, expiresAt: ContinuousClock.Instant?) {
        precondition(cost >= 0, "negative cost")
        if let old = index[key] { remove(old) }
        guard cost <= capacity else { return }
        while totalCost + cost > capacity || index.count >= maxCount { remove(tail) }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            keys[slot] = key
            values[slot] = value
            meta[slot] = Meta(cost: cost, expiresAt: expiresAt)
        } else {
            slot = keys.count
            keys.append(key)
            values.append(value)
            meta.append(Meta(cost: cost, expiresAt: expiresAt))
        }
        index[key] = slot
        totalCost += cost
        pushFront(slot)
    }

    /// Drops every entry.
    mutating func removeAll() {
        self = LRUStorage(capacity: capacity, maxCount: maxCount)
    }

    /// Drops every entry for which `isDropped` holds; O(slots).
    mutating func removeAll(where isDropped: (Key, Value) -> Bool) {
        for slot in keys.indices {
            if let key = keys[slot], let value = values[slot], isDropped(key, value) { remove(slot) }
        }
    }

    private mutating func remove(_ slot: Int) {
        guard let key = keys[slot] else { return }
        unlink(slot)
        index[key] = nil
        totalCost -= meta[slot].cost
        keys[slot] = nil
        values[slot] = nil
        meta[slot] = Meta()
        freeSlots.append(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let previous = meta[slot].previous, next = meta[slot].next
        if previous >= 0 { meta[previous].next = next } else { head = next }
        if next >= 0 { meta[next].previous = previous } else { tail = previous }
    }

    private mutating func pushFront(_ slot: Int) {
        meta[slot].previous = -1
        meta[slot].next = head
        if head >= 0 { meta[head].previous = slot }
        head = slot
        if tail < 0 { tail = slot }
    }
}
