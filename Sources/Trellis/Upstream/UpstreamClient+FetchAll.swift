import HTTPServer
import SDUI
import Synchronization

extension UpstreamClient {
    /// Fetches every request concurrently and calls `completion` once, with the values in
    /// the order of `requests`, when the last one has finished or timed out. So a page's
    /// sources cost the slowest of them, not their sum. An empty list completes at once. The
    /// calls run on `loop` (nil: the client's own), as `fetch` says.
    package func fetchAll(_ requests: [UpstreamRequest], on loop: EventLoop? = nil,
                          completion: @escaping @Sendable ([UpstreamValue?]) -> Void) {
        guard !requests.isEmpty else { return completion([]) }
        let gathered = Gathered(count: requests.count)
        for (index, request) in requests.enumerated() {
            fetch(request, on: loop) { value in
                if let done = gathered.store(value, at: index) { completion(done) }
            }
        }
    }
}

/// The values gathered so far and how many are still missing.
private final class Gathered: Sendable {
    private let state: Mutex<(values: [UpstreamValue?], left: Int)>

    init(count: Int) {
        state = Mutex((values: Array(repeating: nil, count: count), left: count))
    }

    /// Stores one value; returns all of them once the last has arrived.
    func store(_ value: UpstreamValue?, at index: Int) -> [UpstreamValue?]? {
        state.withLock { state in
            state.values[index] = value
            state.left -= 1
            return state.left == 0 ? state.values : nil
        }
    }
}
