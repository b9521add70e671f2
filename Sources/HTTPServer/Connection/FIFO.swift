/// A first-in, first-out queue over one array that keeps its storage between uses: a
/// connection answering one request at a time appends and pops without allocating. An element
/// is moved out when popped (its slot left empty), not copied.
struct FIFO<Element> {
    private var elements: [Element?] = []
    /// The index of the oldest element still queued.
    private var head = 0

    /// Whether nothing is queued.
    var isEmpty: Bool { head == elements.count }

    /// Elements the storage has room for without allocating.
    var capacity: Int { elements.capacity }

    /// Queues `element` after the others.
    mutating func append(_ element: consuming Element) {
        elements.append(element)
    }

    /// Removes and returns the oldest element, or nil when empty.
    mutating func popFirst() -> Element? {
        guard head < elements.count else { return nil }
        let element = elements[head].take()
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        }
        return element
    }

    /// Empties the queue; returns what it held, oldest first.
    mutating func removeAll() -> [Element] {
        defer {
            elements = []
            head = 0
        }
        return elements[head...].map { $0! }
    }
}
