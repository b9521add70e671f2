/// Pipelined answers in request order: each request takes the next sequence number, answers
/// may arrive in any order (a handler answers later, from any thread), and `popNext` hands
/// them out strictly in sequence.
///
/// One array of slots, oldest first (not two tables keyed by sequence): one request at a time
/// reuses a single slot's storage.
struct ResponseOrder {
    /// Owed requests from `firstSequence` on, each with its answer once it has arrived.
    private var slots: [(request: Connection.Pending, response: HTTPResponse?)] = []
    /// The index in `slots` of the next answer to hand out.
    private var head = 0
    /// The sequence number of `slots[0]`.
    private var firstSequence: UInt64 = 0
    /// The sequence number the next request takes.
    private(set) var nextSequence: UInt64 = 0

    /// Records a request whose answer is owed; returns its sequence number.
    mutating func add(_ request: Connection.Pending) -> UInt64 {
        defer { nextSequence += 1 }
        slots.append((request, nil))
        return nextSequence
    }

    /// The answer for `sequence` arrived; false when that request is not owed (answered
    /// twice, or the connection gave up on it).
    @discardableResult
    mutating func fulfil(_ sequence: UInt64, with response: consuming HTTPResponse) -> Bool {
        guard sequence >= firstSequence + UInt64(head), sequence < nextSequence else { return false }
        return Self.fill(&slots[Int(sequence - firstSequence)].response, with: response)
    }

    /// Puts `response` in an empty `slot`; false when it holds one already. The slot is reached
    /// in place (asked through the array's subscript, the whole slot would be copied).
    private static func fill(_ slot: inout HTTPResponse?, with response: consuming HTTPResponse) -> Bool {
        guard slot == nil else { return false }
        slot = response
        return true
    }

    /// Numbers a request answered at once while nothing is owed: it is handed out as it comes.
    mutating func pass() -> UInt64 {
        precondition(!hasMoreOwed, "ResponseOrder.pass with answers owed")
        defer {
            nextSequence += 1
            if !slots.isEmpty { slots.removeAll(keepingCapacity: true) }  // nearly always empty: the call is not made
            head = 0
            firstSequence = nextSequence
        }
        return nextSequence
    }

    /// The answer for `sequence` if it has arrived and is not handed out yet.
    func answer(for sequence: UInt64) -> HTTPResponse? {
        guard sequence >= firstSequence + UInt64(head), sequence < nextSequence else { return nil }
        return slots[Int(sequence - firstSequence)].response
    }

    /// The next answer in order with its request's sequence number, if it has arrived.
    mutating func popNext() -> (sequence: UInt64, request: Connection.Pending, response: HTTPResponse)? {
        guard head < slots.count, let response = slots[head].response.take() else { return nil }
        let sequence = firstSequence + UInt64(head)
        guard head + 1 < slots.count else {
            // The last one owed (nearly always the only one): its request is moved out of the
            // slots, not copied, and they are left empty with their storage.
            let request = slots.removeLast().request
            if head > 0 { slots.removeAll(keepingCapacity: true) }
            firstSequence = nextSequence
            head = 0
            return (sequence, request, response)
        }
        let request = slots[head].request
        head += 1
        if head >= 32 {
            // Pipelined without pause: drop what was handed out, so the slots stay few.
            slots.removeFirst(head)
            firstSequence += UInt64(head)
            head = 0
        }
        return (sequence, request, response)
    }

    /// Whether answers are still owed after those handed out.
    var hasMoreOwed: Bool { head < slots.count }

    /// Requests the slots have room for without allocating.
    var capacity: Int { slots.capacity }

    /// Numbers the next request `sequence` (the slots' storage serving another connection,
    /// whose numbers go on from where they stopped); only when nothing is owed.
    mutating func resume(at sequence: UInt64) {
        precondition(slots.isEmpty, "ResponseOrder.resume with answers owed")
        firstSequence = sequence
        nextSequence = sequence
    }

    /// Gives up on every owed request; returns them in order.
    mutating func removeAll() -> [Connection.Pending] {
        defer {
            slots = []
            head = 0
            firstSequence = nextSequence
        }
        return slots[head...].map(\.request)
    }
}
