import Foundation
import HTTPServer
import Synchronization

/// Runs requests through one pipeline at once and hands back their outcomes, in request
/// order, when the last one is done: the preview's columns, then their deferred sections.
enum PreviewFanOut {
    static func serve(_ requests: [HTTPRequest], pipeline: PagePipeline, date: Date,
                      completion: @escaping @Sendable ([PageOutcome]) -> Void) {
        guard !requests.isEmpty else { return completion([]) }
        let outcomes = Mutex<[PageOutcome?]>(Array(repeating: nil, count: requests.count))
        let left = Atomic<Int>(requests.count)
        for (index, request) in requests.enumerated() {
            let context = PageRequestContext(request, date: date)
            pipeline.serve(request, trace: context.trace, date: date).finish(context: context) { outcome in
                outcomes.withLock { $0[index] = outcome }
                guard left.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 else { return }
                completion(outcomes.withLock { $0.compactMap { $0 } })
            }
        }
    }
}
