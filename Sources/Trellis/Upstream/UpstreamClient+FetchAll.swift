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
        let gathered = Gathered<UpstreamValue?>(count: requests.count)
        for (index, request) in requests.enumerated() {
            fetch(request, on: loop) { value in
                if let done = gathered.store(value, at: index) { completion(done) }
            }
        }
    }
}
