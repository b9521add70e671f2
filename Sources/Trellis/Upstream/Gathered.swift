import Synchronization

/// Results of concurrent work gathered in their order: each stored at its index, and all of
/// them handed back once the last has arrived (a page's sources, an action's sections).
final class Gathered<Value: Sendable>: Sendable {
    private let state: Mutex<(values: [Value?], left: Int)>

    init(count: Int) {
        state = Mutex((values: Array(repeating: nil, count: count), left: count))
    }

    /// Stores one result; returns all of them once the last has arrived.
    func store(_ value: Value, at index: Int) -> [Value]? {
        state.withLock { state in
            state.values[index] = value
            state.left -= 1
            return state.left == 0 ? state.values.map { $0! } : nil
        }
    }
}
