import SDUI
import Synchronization

/// The version of Pages/ being served. A request takes one snapshot and uses it throughout,
/// so it sees the old version or the new one, never a mix; a reload swaps it atomically.
/// It also keeps the last reload that validation refused, until a good one replaces it, for
/// the preview to show what is wrong while the last good version keeps serving (SPEC §13).
final class SiteStore: Sendable {
    /// A served version and its sequence number (1 for the start-up version). A class: every
    /// request takes the current one and hands it down the pipeline, one retain a copy.
    final class Snapshot: Sendable {
        let site: Site
        let generation: Int
        /// The version's negotiated locales by `Accept-Language` value.
        let localeAnswers = LocaleAnswers()
        /// The version's client classes as metric labels, made once per version.
        let clientLabels: ClientClassLabels
        /// `X-Trellis-Edge`: the hash of what a shared cache's VCL is made from (`EdgeModel`, SPEC §12).
        let edgeHash: String

        init(site: Site, generation: Int) {
            self.site = site
            self.generation = generation
            clientLabels = ClientClassLabels(site: site)
            edgeHash = EdgeModel(site: site).hash
        }
    }

    /// A reload refused by validation.
    struct Rejection: Sendable {
        /// Every problem, `file:path: message` as printed.
        let problems: [ValidationProblem]
        /// 1 for the first rejection since start, then counting up: a page that shows one can
        /// tell when a newer one came.
        let number: Int
    }

    private struct State {
        var snapshot: Snapshot
        var rejection: Rejection?
        var rejections = 0
    }

    private let state: Mutex<State>

    init(_ site: Site) {
        state = Mutex(State(snapshot: Snapshot(site: site, generation: 1)))
    }

    /// The version to serve this request with.
    var current: Snapshot {
        state.withLock { $0.snapshot }
    }

    /// The generation of the version serving now (`current.generation`, without taking the version).
    var generation: Int {
        state.withLock { $0.snapshot.generation }
    }

    /// The last reload refused since the last good one; nil when the last load was good.
    var rejection: Rejection? {
        state.withLock { $0.rejection }
    }

    /// Swaps in a newly validated version, forgets any rejection, and returns its generation.
    @discardableResult
    func replace(with site: Site) -> Int {
        state.withLock { state in
            state.snapshot = Snapshot(site: site, generation: state.snapshot.generation + 1)
            state.rejection = nil
            return state.snapshot.generation
        }
    }

    /// Records a reload refused with `problems`; the served version stays.
    func reject(_ problems: [ValidationProblem]) {
        state.withLock { state in
            state.rejections += 1
            state.rejection = Rejection(problems: problems, number: state.rejections)
        }
    }
}
