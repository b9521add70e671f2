import Dispatch
import Logging
import SDUI
import Synchronization

/// Keeps the served version in step with the Pages folder (SPEC §3.3, §9): polls a listing
/// of the folder (`PagesFolder.Listing`: a mounted ConfigMap's `..data` target, and every
/// file's size, inode and modification time through it) and reloads when it changes, or at once on `reloadNow()` (SIGHUP). A new
/// version is validated whole and swapped in; a failing one is logged `file:path: message`,
/// counted, kept in the store (for the preview's banner), and the last good version keeps serving.
///
/// A file caught half-written fails validation, but the finished write changes the
/// listing again, so the next poll retries.
final class PagesReloader: Sendable {
    private let folder: PagesFolder
    private let store: SiteStore
    private let logger: Logger
    private let onSwap: @Sendable (Site, Int) -> Void
    private let queue = DispatchQueue(label: "trellis.reload")
    private let lastSeen: Mutex<PagesFolder.Listing?>
    private let timer: Mutex<any DispatchSourceTimer>
    private let failureCount = Atomic<Int>(0)

    /// How many reloads failed validation since start.
    var failures: Int { failureCount.load(ordering: .relaxed) }

    /// - Parameter onSwap: called on the reload queue after a new version is in place
    ///   (drop caches, log), with the version and its generation.
    init(folder: PagesFolder, store: SiteStore, logger: Logger, onSwap: @escaping @Sendable (Site, Int) -> Void) {
        self.folder = folder
        self.store = store
        self.logger = logger
        self.onSwap = onSwap
        self.lastSeen = Mutex(folder.list())
        self.timer = Mutex(DispatchSource.makeTimerSource(queue: queue))
    }

    /// Starts polling the folder every `interval`.
    func startWatching(every interval: DispatchTimeInterval = .milliseconds(500)) {
        timer.withLock { source in
            source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
            source.setEventHandler { [weak self] in self?.pollOnQueue() }
            source.resume()
        }
    }

    /// Reloads at once, whether or not the folder changed (SIGHUP); returns after the attempt.
    func reloadNow() {
        queue.sync { reloadOnQueue(listing: folder.list()) }
    }

    private func pollOnQueue() {
        let listing = folder.list()
        guard lastSeen.withLock({ $0 != listing }) else { return }
        reloadOnQueue(listing: listing)
    }

    /// `listing` is taken before reading, so a write racing the read shows up next poll.
    private func reloadOnQueue(listing: PagesFolder.Listing) {
        lastSeen.withLock { $0 = listing }
        switch PagesLoader.load(folder) {
        case .success(let site):
            let generation = store.replace(with: site)
            logger.info("pages reloaded", metadata: ["generation": "\(generation)", "version": "\(site.version)"])
            onSwap(site, generation)
        case .failure(let failure):
            failureCount.add(1, ordering: .relaxed)
            store.reject(failure.problems)
            for problem in failure.problems {
                logger.error("reload rejected: \(problem)")
            }
            logger.error("reload failed; still serving the last good version", metadata: ["problems": "\(failure.problems.count)"])
        }
    }
}
