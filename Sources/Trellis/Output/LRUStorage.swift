/// The single-threaded core of `ResponseCache`: entries bounded by total cost, least recently
/// used first out, with optional expiry.
///
/// A dictionary maps each key to a slot in `slots`; the slots form a doubly-linked list by
/// index (head = most recent). Freed slots are reused, so a hit or a replacing insert
/// allocates nothing and every operation is O(1) (eviction is O(1) per evicted entry).
struct LRUStorage<Key: Hashable, Value> {
    /// One cached value and its neighbours in recency order (-1: none).
    private struct Entry {
        var key: Key
        var value: Value
        var cost: Int
        var expiresAt: ContinuousClock.Instant?
        var previous: Int
        var next: Int
    }

    /// The most total cost the entries may have.
    let capacity: Int
    /// The sum of the costs of the entries held.
    private(set) var totalCost = 0
    private var slots: [Entry?] = []
    private var freeSlots: [Int] = []
    private var index: [Key: Int] = [:]
    private var head = -1, tail = -1

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The most bytes this storage itself may hold per entry, besides the key's and the
    /// value's own heap: its slot, whose array doubles when full (two slots per entry just
    /// after growing); its index bucket, in a dictionary whose power-of-two buckets are at most
    /// 3/4 full (8/3 buckets per entry just after doubling); and its index in `freeSlots`.
    /// `ResponseCache` charges it with every entry, so eviction bounds real memory. For the
    /// page cache that is 813 bytes; `mallinfo2` measures 674 at 1,537 entries (the worst point,
    /// just past a doubling of the index) and 472 at 1,536.
    static var bookkeepingBytesPerEntry: Int {
        2 * MemoryLayout<Entry?>.stride + 8 * (MemoryLayout<Key>.stride + MemoryLayout<Int>.stride) / 3
            + MemoryLayout<Int>.stride
    }

    /// How many entries are held.
    var count: Int { index.count }

    /// The value for `key` unless absent or expired at `now` (then dropped); marks it most recent.
    mutating func value(for key: Key, now: ContinuousClock.Instant) -> Value? {
        guard let slot = index[key], let entry = slots[slot] else { return nil }
        if let expiresAt = entry.expiresAt, expiresAt <= now {
            remove(slot)
            return nil
        }
        unlink(slot)
        pushFront(slot)
        return entry.value
    }

    /// Stores `value` under `key` (replacing any entry), evicting the least recently used
    /// entries until the total fits. An entry costing more than `capacity` is not stored.
    mutating func insert(_ value: Value, for key: Key, cost: Int, expiresAt: ContinuousClock.Instant?) {
        precondition(cost >= 0, "negative cost")
        if let old = index[key] { remove(old) }
        guard cost <= capacity else { return }
        while totalCost + cost > capacity { remove(tail) }
        let entry = Entry(key: key, value: value, cost: cost, expiresAt: expiresAt, previous: -1, next: -1)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = entry
        } else {
            slot = slots.count
            slots.append(entry)
        }
        index[key] = slot
        totalCost += cost
        pushFront(slot)
    }

    /// Drops every entry.
    mutating func removeAll() {
        self = LRUStorage(capacity: capacity)
    }

    private mutating func remove(_ slot: Int) {
        guard let entry = slots[slot] else { return }
        unlink(slot)
        index[entry.key] = nil
        totalCost -= entry.cost
        slots[slot] = nil
        freeSlots.append(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let previous = slots[slot]!.previous, next = slots[slot]!.next
        if previous >= 0 { slots[previous]!.next = next } else { head = next }
        if next >= 0 { slots[next]!.previous = previous } else { tail = previous }
    }

    private mutating func pushFront(_ slot: Int) {
        slots[slot]!.previous = -1
        slots[slot]!.next = head
        if head >= 0 { slots[head]!.previous = slot }
        head = slot
        if tail < 0 { tail = slot }
    }
}
