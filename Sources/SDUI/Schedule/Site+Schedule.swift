import Foundation

/// Scheduled content (SPEC §7.5): when a page's bytes next change by the clock alone.
extension Site {
    /// The first `activeFrom`/`activeUntil` instant after `date` in `template` (and in the
    /// update banner when it is shown); nil when nothing on the page is scheduled after it.
    /// Every window of the template counts, taken or not: an edge too many only shortens a
    /// lifetime, one too few would serve stale content.
    public func nextEdge(of template: String, after date: Date, updateBanner: Bool = false) -> Date? {
        let time = date.timeIntervalSince1970
        var edges = templates[template]?.edges ?? []
        if updateBanner, let banner = self.updateBanner { edges += banner.edges }
        return edges.filter { $0 > time }.min().map { Date(timeIntervalSince1970: $0) }
    }
}
