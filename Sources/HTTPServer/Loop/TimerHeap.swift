/// A binary min-heap of (deadline, token): the event loop's timers. Stale entries are allowed;
/// whoever pops one re-checks its own deadline.
struct TimerHeap {
    typealias Instant = MonotonicInstant
    typealias Entry = (at: Instant, token: UInt64)

    private var entries: [Entry] = []

    /// The earliest entry.
    var first: Entry? { entries.first }

    /// Adds a timer for `token` at `at`.
    mutating func insert(at: Instant, token: UInt64) {
        entries.append((at, token))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].at < entries[parent].at else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest entry if it is due at `now`.
    mutating func popDue(now: Instant) -> Entry? {
        guard let top = entries.first, top.at <= now else { return nil }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return top }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].at < entries[smallest].at { smallest = left }
            if right < entries.count, entries[right].at < entries[smallest].at { smallest = right }
            guard smallest != parent else { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }
}
