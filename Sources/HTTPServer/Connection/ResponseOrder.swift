/// Pipelined answers in request order: each request takes the next sequence number, answers
/// may arrive in any order (a handler answers later, from any thread), and `popNext` hands
/// them out strictly in sequence.
struct ResponseOrder {
    private var owed: [UInt64: Connection.Pending] = [:]
    private var ready: [UInt64: HTTPResponse] = [:]
    private var nextSequence: UInt64 = 0
    private var nextToSend: UInt64 = 0

    /// Records a request whose answer is owed; returns its sequence number.
    mutating func add(_ request: Connection.Pending) -> UInt64 {
        defer { nextSequence += 1 }
        owed[nextSequence] = request
        return nextSequence
    }

    /// The answer for `sequence` arrived; false when that request is not owed (answered
    /// twice, or the connection gave up on it).
    @discardableResult
    mutating func fulfil(_ sequence: UInt64, with response: HTTPResponse) -> Bool {
        guard owed[sequence] != nil else { return false }
        ready[sequence] = response
        return true
    }

    /// The next answer in order, if it has arrived.
    mutating func popNext() -> (request: Connection.Pending, response: HTTPResponse)? {
        guard let response = ready[nextToSend], let request = owed[nextToSend] else { return nil }
        ready[nextToSend] = nil
        owed[nextToSend] = nil
        nextToSend += 1
        return (request, response)
    }

    /// Whether answers are still owed after those handed out.
    var hasMoreOwed: Bool { nextToSend < nextSequence }

    /// Gives up on every owed request; returns them in order.
    mutating func removeAll() -> [Connection.Pending] {
        defer {
            owed = [:]
            ready = [:]
        }
        return owed.sorted { $0.key < $1.key }.map(\.value)
    }
}
