import HTTPClient
import HTTPServer
import Logging
import SDUI
import Synchronization

/// Tells the shared caches in front what a reload changed (SPEC §12, `--edge-purge URL`): after
/// each new Pages version, one `PURGE` with `xkey: page-<name>` per page whose answers may have
/// changed to each URL, or for every page when `X-Trellis-Edge` changed (the old VCL no longer
/// computes the plans the server makes). Off the request path: the purges run on a loop of
/// their own, each retried with doubling back-off (`retryDelays`) until a 2xx, and logged.
final class EdgePurger: Sendable {
    /// The URLs a purge goes to.
    let urls: [String]
    /// The waits before each retry of a failed purge; after the last, it is given up (logged).
    private let retryDelays: [Duration]
    /// How long one PURGE exchange may take.
    private let timeout: Duration
    private let logger: Logger
    private let settings: ClientExchange.Settings
    /// The version the last purge was worked out against.
    private let last: Mutex<SiteStore.Snapshot>
    /// The loop the exchanges run on, started with the first purge.
    private let ownLoop = Mutex<EventLoopThread?>(nil)

    /// A purger for `urls`, starting from the version `current`.
    init(urls: [String], current: SiteStore.Snapshot, logger: Logger,
         retryDelays: [Duration] = [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8)],
         timeout: Duration = .seconds(5)) {
        self.urls = urls
        self.retryDelays = retryDelays
        self.timeout = timeout
        self.logger = logger
        last = Mutex(current)
        settings = ClientExchange.Settings(pool: ClientConnectionPool(), maxResponseBytes: 64 << 10, resolver: NameResolver(),
                                           tls: try? ClientTLSContext())
    }

    /// A new version is in place: purges what changed since the last one, without waiting.
    func didReload(_ snapshot: SiteStore.Snapshot) {
        let previous = last.withLock { last in
            defer { last = snapshot }
            return last
        }
        let pages = Self.changedPages(from: previous, to: snapshot)
        guard !pages.isEmpty else { return }
        logger.info("purging the edge", metadata: ["pages": "\(pages.joined(separator: ","))", "urls": "\(urls.count)"])
        for url in urls {
            for page in pages { send(url: url, key: "page-\(page)", attempt: 0) }
        }
    }

    /// The pages whose answers may differ between two versions: every page of either when their
    /// `X-Trellis-Edge` differ, else each page added, removed or whose fingerprint changed.
    static func changedPages(from old: SiteStore.Snapshot, to new: SiteStore.Snapshot) -> [String] {
        let names = Set(old.site.pageNames).union(new.site.pageNames).sorted()
        guard old.edgeHash == new.edgeHash else { return names }
        return names.filter { old.site.fingerprint(ofPage: $0) != new.site.fingerprint(ofPage: $0) }
    }

    /// Sends one PURGE of `key` to `url`; on failure, again after the attempt's back-off.
    private func send(url: String, key: String, attempt: Int) {
        guard let loop = loop(), let request = try? ClientRequest(.purge, url: url, headers: [ClientHeader("xkey", key)]) else {
            return logger.error("edge purge not sent", metadata: ["url": "\(url)", "xkey": "\(key)"])
        }
        loop.execute { [self] in
            ClientExchange.start(request, deadline: .now + timeout, on: loop, settings: settings) { [self] result in
                let failure: String
                switch result {
                case .success(let response) where (200..<300).contains(response.status):
                    return logger.info("edge purged", metadata: ["url": "\(url)", "xkey": "\(key)", "status": "\(response.status)"])
                case .success(let response): failure = "status \(response.status)"
                case .failure(let error): failure = "\(error)"
                }
                guard attempt < retryDelays.count else {
                    return logger.error("edge purge given up", metadata: ["url": "\(url)", "xkey": "\(key)", "error": "\(failure)"])
                }
                logger.warning("edge purge failed; retrying", metadata: [
                    "url": "\(url)", "xkey": "\(key)", "error": "\(failure)", "retry-in": "\(retryDelays[attempt])",
                ])
                _ = loop.schedule(at: .now + retryDelays[attempt]) { [self] in send(url: url, key: key, attempt: attempt + 1) }
            }
        }
    }

    /// The purger's loop, started on first use; nil when it can't be (no epoll instance).
    private func loop() -> EventLoop? {
        ownLoop.withLock { own in
            if own == nil { own = try? EventLoopThread(name: "edge-purge", logger: logger) }
            return own?.loop
        }
    }
}
