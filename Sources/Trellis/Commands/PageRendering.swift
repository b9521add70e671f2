import Foundation
import HTTPServer
import SDUI

/// `trellis render`: the body `serve` would send a client for a path (before gzip), from the
/// same `PagePipeline` as a served request, with no response cache.
public enum PageRendering {
    /// What `render` prints: the body on stdout, a one-line summary on stderr (with
    /// `--explain`, then a line per replaced or dropped component).
    public struct Output: Sendable {
        public var body: [UInt8]
        public var summary: String
        /// 0; 1 for an unknown route, bad headers or invalid pages; 2 for a forced variant or
        /// release that rollout.json doesn't know (`ForcedRollout`).
        public var exitStatus: Int32
    }

    /// Renders `path` for a client sending `headers` with `forced` variants and release, as of
    /// `date` (`--at`; SPEC §7.5); with `explain`, the summary adds a line per replaced or
    /// dropped component, per deferred section and per section absent for the client. A section's answer (SPEC §10.1) that is a
    /// 204 has an empty body and a summary starting `204`.
    public static func render(path: String, pages: String, headers: [(String, String)], forced: ForcedRollout = ForcedRollout(),
                              pretty: Bool, explain: Bool = false, date: Date) -> Output {
        let site: Site
        switch PagesLoader.load(PagesFolder(path: pages)) {
        case .success(let loaded): site = loaded
        case .failure(let failure):
            return Output(body: [], summary: failure.problems.map { "\($0)\n" }.joined(), exitStatus: 1)
        }
        if let problem = forced.problem(in: site.rollout) {
            return Output(body: [], summary: problem + "\n", exitStatus: 2)
        }
        let headers = headers + forced.headers
        var pipeline = PagePipeline(site: site, upstream: UpstreamClient(registry: MetricsRegistry()))
        pipeline.explains = explain
        let answer = pipeline.answer(HTTPRequest(method: "GET", target: path, headers: HTTPHeaders(headers)), date: date)
        guard let representation = answer.representation else {
            let error = answer.error!
            return Output(body: [], summary: "\(error.status) \(error.code): \(error.message)\n", exitStatus: 1)
        }
        var body = representation.result.body
        if pretty, let value = try? JSONParser.parse(body) { body = JSONPrettyWriter.encode(value) }
        let explanation = representation.result.fallbackRecords.map { $0.line + "\n" }.joined()
            + (explain ? representation.result.deferredSections.map { "section \($0) deferred (served as its placeholder)\n" }.joined() : "")
            + representation.result.absentSections.map { "section \($0) absent (no type this client renders; its entries not read)\n" }.joined()
        return Output(body: body, summary: "\(representation.result.status) \(representation.accessFields)\n" + explanation,
                      exitStatus: 0)
    }
}
