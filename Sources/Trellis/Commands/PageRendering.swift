import Dispatch
import HTTPServer
import SDUI
import Synchronization

/// `trellis render`: the body `serve` would send a client for a path (before gzip), through
/// the same header parsing, plan, data and resolution as a served request.
public enum PageRendering {
    /// What `render` prints: the body on stdout, a one-line summary on stderr.
    public struct Output: Sendable {
        public var body: [UInt8]
        public var summary: String
        /// False for an unknown route, bad headers or invalid pages (exit status 1).
        public var succeeded: Bool
    }

    public static func render(path: String, pages: String, headers: [(String, String)], pretty: Bool) -> Output {
        let site: Site
        switch PagesLoader.load(PagesFolder(path: pages)) {
        case .success(let loaded): site = loaded
        case .failure(let failure):
            return Output(body: [], summary: failure.problems.map { "\($0)\n" }.joined(), succeeded: false)
        }
        let requestPath = String(path.prefix { $0 != "?" })
        guard let match = site.match(path: requestPath) else {
            return Output(body: [], summary: "404 not_found: no page at \(requestPath)\n", succeeded: false)
        }
        let query: PageQuery
        switch PageQuery.parse(HTTPHeaders(headers)) {
        case .success(let parsed): query = parsed
        case .failure(let error):
            return Output(body: [], summary: "\(error.status) \(error.code): \(error.message)\n", succeeded: false)
        }
        let plan = PagePlan(site: site, match: match, query: query)
        let result = Mutex<PageResult?>(nil)
        let done = DispatchSemaphore(value: 0)
        PageDataLoader(upstream: UpstreamClient(registry: MetricsRegistry())).load(site.dataRequests(template: plan.template, params: plan.params), site: site) { data in
            result.withLock { $0 = PageResolver(site: site).resolve(plan, data: data) }
            done.signal()
        }
        done.wait()
        let page = result.withLock { $0 }!
        var body = page.body
        if pretty, let value = try? JSONParser.parse(body) { body = JSONPrettyWriter.encode(value) }
        let summary = "\(page.status) \(AccessFields.page(page))\n"
        return Output(body: body, summary: summary, succeeded: true)
    }
}
