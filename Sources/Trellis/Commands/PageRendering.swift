import Dispatch
import Foundation
import HTTPServer
import SDUI
import Synchronization

/// `trellis render`: the body `serve` would send a client for a path (before gzip), from the
/// same `PagePipeline` as a served request, with no response cache.
public enum PageRendering {
    /// What `render` prints: the body on stdout, a one-line summary on stderr.
    public struct Output: Sendable {
        public var body: [UInt8]
        public var summary: String
        /// False for an unknown route, bad headers or invalid pages (exit status 1).
        public var succeeded: Bool
    }

    /// Renders `path` for a client sending `headers`, as of `date` (`--at`; SPEC §7.5).
    public static func render(path: String, pages: String, headers: [(String, String)], pretty: Bool,
                              date: Date = Date()) -> Output {
        let site: Site
        switch PagesLoader.load(PagesFolder(path: pages)) {
        case .success(let loaded): site = loaded
        case .failure(let failure):
            return Output(body: [], summary: failure.problems.map { "\($0)\n" }.joined(), succeeded: false)
        }
        let pipeline = PagePipeline(
            snapshot: SiteStore.Snapshot(site: site, generation: 1), cache: nil,
            dataLoader: PageDataLoader(upstream: UpstreamClient(registry: MetricsRegistry())))
        let request = HTTPRequest(method: "GET", target: path, headers: HTTPHeaders(headers))
        let outcome = Mutex<PageOutcome?>(nil)
        let done = DispatchSemaphore(value: 0)
        pipeline.run(request, context: PageRequestContext(request, date: date)) { answer in
            outcome.withLock { $0 = answer }
            done.signal()
        }
        done.wait()
        let answer = outcome.withLock { $0 }!
        guard let representation = answer.representation else {
            let error = answer.error!
            return Output(body: [], summary: "\(error.status) \(error.code): \(error.message)\n", succeeded: false)
        }
        var body = representation.result.body
        if pretty, let value = try? JSONParser.parse(body) { body = JSONPrettyWriter.encode(value) }
        return Output(body: body, summary: "\(representation.result.status) \(representation.accessFields)\n", succeeded: true)
    }
}
