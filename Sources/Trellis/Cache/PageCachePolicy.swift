import Foundation
import SDUI

/// How long an assembled page may stay in the response cache (SPEC §2.3): until the reload
/// when it bound only `file` sources; at most the shortest `ttlSeconds` of its `url` sources;
/// and not at all when one of them gave no value or a stale one, so the next request asks the
/// upstream again.
enum PageCachePolicy {
    /// The lifetime of a page assembled from `requests` with `data`; nil: until the next reload.
    static func lifetime(_ requests: [DataRequest], data: PageData) -> Duration? {
        if !data.stale.isEmpty { return .zero }
        var shortest: Int?
        for request in requests {
            guard case .url(let source) = request.kind else { continue }
            // An entry with no value is in one of the two short lists (most pages: none).
            if data.missingRequired.contains(request.entry) || data.missingOptional.contains(request.entry) { return .zero }
            shortest = min(shortest ?? Int.max, source.ttlSeconds ?? 0)
        }
        return shortest.map { .seconds($0) }
    }

    /// `lifetime` cut short at the page's next scheduled edge (SPEC §7.5), measured from the
    /// time the page rendered as of: the entry is dropped when the page's content changes.
    static func lifetime(_ lifetime: Duration?, until edge: Date?, from date: Date) -> Duration? {
        guard let edge else { return lifetime }
        let untilEdge = Duration.milliseconds(Int64((edge.timeIntervalSince(date) * 1000).rounded(.up)))
        return min(lifetime ?? untilEdge, untilEdge)
    }
}
