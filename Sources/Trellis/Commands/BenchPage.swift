import Foundation
import HTTPServer
import SDUI
import Synchronization

/// One page `trellis bench` measures: its request, the plan and file data it resolves with, and
/// the body it renders to.
struct BenchPage {
    /// The target, and the `Accept-Language` when one is sent.
    let path: String
    let request: HTTPRequest
    let context: PageRequestContext
    let snapshot: SiteStore.Snapshot
    /// Answers the page's `url` sources; nil: none is reachable (they have no value).
    let upstream: (any UpstreamFetching)?
    let plan: PagePlan
    let data: PageData
    /// The identity body of the page.
    let body: [UInt8]
    /// The instant every bench page renders as of, fixed so that a figure measured on one day
    /// compares with one measured on another (the sample Pages' schedules change `/home`):
    /// 2026-06-15T12:00:00Z, outside every schedule window of the sample Pages.
    static let instant = Date(timeIntervalSince1970: 1_781_524_800)

    /// The sample shop's product page in the default locale and in French (prices as currency)
    /// from `pages`, again with its recommendations answered in process from the file
    /// `recommendations` (values by key), and the 27 KB `/home` of `benchPages` (shared with
    /// the peer comparison); a folder or file that does not load is left out.
    static func all(pages: String, benchPages: String?, recommendations: String? = nil) -> [BenchPage] {
        let upstream = recommendations.flatMap { InProcessUpstream(source: "recommendations", file: $0) }
        let pages: [(String?, String, String?, InProcessUpstream?)] = [
            (pages, "/product/3", nil, nil), (pages, "/product/3", "fr", nil), (upstream == nil ? nil : pages, "/product/3", nil, upstream),
            (benchPages, "/home", nil, nil),
        ]
        return pages.compactMap { folder, target, language, upstream in
            guard let folder, case .success(let site) = PagesLoader.load(PagesFolder(path: folder)) else { return nil }
            return BenchPage(site: site, target: target, language: language, upstream: upstream)
        }
    }

    private init?(site: Site, target: String, language: String?, upstream: (any UpstreamFetching)?) {
        var headers = [("X-Client-Version", "ios/5.2.0"), ("X-Device-Id", "device-1"), ("Accept-Encoding", "gzip")]
        if let language { headers.append(("Accept-Language", language)) }
        request = HTTPRequest(method: "GET", target: target, headers: HTTPHeaders(headers))
        path = target + (language.map { " (Accept-Language: \($0))" } ?? "") + (upstream == nil ? "" : " (recommendations in process)")
        context = PageRequestContext(request, date: Self.instant)
        snapshot = SiteStore.Snapshot(site: site, generation: 1)
        self.upstream = upstream
        let pipeline = PagePipeline(snapshot: snapshot, cache: nil, dataLoader: PageDataLoader(upstream: upstream))
        guard case .success(let plan) = pipeline.decide(request) else { return nil }
        self.plan = plan
        // Without an upstream, or with the in-process one, the data is loaded synchronously.
        let loaded = Mutex<PageData?>(nil)
        pipeline.dataLoader.load(site.dataRequests(template: plan.template, params: plan.params, query: plan.query),
                                 site: site, context: context) { data in loaded.withLock { $0 = data } }
        guard let data = loaded.withLock({ $0 }) else { return nil }
        self.data = data
        body = PageResolver(site: site).resolve(plan, data: data, at: Self.instant).body
    }
}
