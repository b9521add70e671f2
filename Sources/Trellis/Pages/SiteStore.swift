import SDUI
import Synchronization

/// The version of Pages/ being served. A request takes one snapshot and uses it throughout,
/// so it sees the old version or the new one, never a mix; a reload swaps it atomically.
final class SiteStore: Sendable {
    /// A served version and its sequence number (1 for the start-up version).
    struct Snapshot: Sendable {
        let site: Site
        let generation: Int
        /// The version's negotiated locales by `Accept-Language` value.
        let localeAnswers = LocaleAnswers()
        /// The version's client classes as metric labels, made once per version.
        let clientLabels: ClientClassLabels

        init(site: Site, generation: Int) {
            self.site = site
            self.generation = generation
            clientLabels = ClientClassLabels(site: site)
        }
    }

    private let state: Mutex<Snapshot>

    init(_ site: Site) {
        state = Mutex(Snapshot(site: site, generation: 1))
    }

    /// The version to serve this request with.
    var current: Snapshot {
        state.withLock { $0 }
    }

    /// Swaps in a newly validated version and returns its generation.
    @discardableResult
    func replace(with site: Site) -> Int {
        state.withLock { snapshot in
            snapshot = Snapshot(site: site, generation: snapshot.generation + 1)
            return snapshot.generation
        }
    }
}
