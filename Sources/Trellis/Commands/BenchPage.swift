import HTTPServer
import SDUI

/// One page `trellis bench` measures: its request, the plan and file data it resolves with, and
/// the body it renders to.
struct BenchPage {
    /// The target, and the `Accept-Language` when one is sent.
    let path: String
    let request: HTTPRequest
    let context: PageRequestContext
    let snapshot: SiteStore.Snapshot
    let plan: PagePlan
    let data: PageData
    /// The identity body of the page.
    let body: [UInt8]

    /// The sample shop's product page in the default locale and in French (prices as currency)
    /// from `pages`, and the 27 KB `/home` of `benchPages` (shared with the peer comparison);
    /// a folder that does not load is left out.
    static func all(pages: String, benchPages: String?) -> [BenchPage] {
        [(pages, "/product/3", nil), (pages, "/product/3", "fr"), (benchPages, "/home", nil)].compactMap { folder, target, language in
            guard let folder, case .success(let site) = PagesLoader.load(PagesFolder(path: folder)) else { return nil }
            return BenchPage(site: site, target: target, language: language)
        }
    }

    private init?(site: Site, target: String, language: String?) {
        var headers = [("X-Client-Version", "ios/5.2.0"), ("X-Device-Id", "device-1"), ("Accept-Encoding", "gzip")]
        if let language { headers.append(("Accept-Language", language)) }
        request = HTTPRequest(method: "GET", target: target, headers: HTTPHeaders(headers))
        path = target + (language.map { " (Accept-Language: \($0))" } ?? "")
        context = PageRequestContext(request)
        snapshot = SiteStore.Snapshot(site: site, generation: 1)
        let pipeline = PagePipeline(snapshot: snapshot, cache: nil, dataLoader: PageDataLoader(upstream: nil))
        guard case .success(let plan) = pipeline.decide(request) else { return nil }
        self.plan = plan
        data = PageData(values: site.fileData(for: site.dataRequests(template: plan.template, params: plan.params, query: plan.query)))
        body = PageResolver(site: site).resolve(plan, data: data).body
    }
}
