/// Pipelined answers in request order: each request takes the next sequence number, answers
/// may arrive in any order (a handler answers later, from any thread), and `popNext` hands
/// them out strictly in sequence.
///
/// The owed requests sit in one array in sequence order, each with its answer once it has
/// arrived; `head` is the next to send. At most a pipeline's depth is owed, and the array keeps
/// its capacity, so a request costs no allocation here. Sequence numbers are never reused, so
/// a late answer for a request given up on is refused.
struct ResponseOrder {
    private var slots: [(request: Connection.Pending, response: HTTPResponse?)] = []
    private var head = 0
    /// The sequence number of `slots[head]`.
    private var nextToSend: UInt64 = 0

    /// Records a request whose answer is owed; returns its sequence number.
    mutating func add(_ request: Connection.Pending) -> UInt64 {
        slots.append((request, nil))
        return nextToSend + UInt64(slots.count - 1 - head)
    }

    /// The answer for `sequence` arrived; false when that request is not owed (answered
    /// twice, or the connection gave up on it).
    @discardableResult
    mutating func fulfil(_ sequence: UInt64, with response: HTTPResponse) -> Bool {
        guard sequence >= nextToSend, sequence - nextToSend < UInt64(slots.count - head) else { return false }
        let index = head + Int(sequence - nextToSend)
        guard slots[index].response == nil else { return false }
        slots[index].response = response
        return true
    }

    /// The next answer in order, if it has arrived.
    mutating func popNext() -> (request: Connection.Pending, response: HTTPResponse)? {
        guard head < slots.count, let response = slots[head].response else { return nil }
        let request = slots[head].request
        slots[head].response = nil
        head += 1
        nextToSend += 1
        if head == slots.count {
            slots.removeAll(keepingCapacity: true)
            head = 0
        }
        return (request, response)
    }

    /// Whether answers are still owed after those handed out.
    var hasMoreOwed: Bool { head < slots.count }

    /// Gives up on every owed request; returns them in order.
    mutating func removeAll() -> [Connection.Pending] {
        let owed = slots[head...].map(\.request)
        nextToSend += UInt64(owed.count)
        slots = []
        head = 0
        return owed
    }
}
