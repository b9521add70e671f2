import Foundation
import HTTPServer
import SDUI
import Synchronization

/// One page `trellis bench` measures: its request, the pipeline that answers it (no response
/// cache), and the plan, data and body the pipeline's own steps gave it, so that each step can
/// be measured alone.
struct BenchPage {
    /// The target, and the `Accept-Language` when one is sent.
    let path: String
    let request: HTTPRequest
    let context: PageRequestContext
    /// The page's pipeline, with no response cache.
    let pipeline: PagePipeline
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
        pipeline = PagePipeline(site: site, upstream: upstream)
        guard let plan = try? pipeline.decide(request) else { return nil }
        self.plan = plan
        guard let data = Self.data(pipeline.startLoading(plan).loading, context: context) else { return nil }
        self.data = data
        body = pipeline.resolve(plan, data: data, at: Self.instant).body
    }

    /// The page's data from the data step: as loaded at once, or as fetched, which without an
    /// upstream or with the in-process one is done before `fetch` returns.
    private static func data(_ loading: PageDataLoader.Loading, context: PageRequestContext) -> PageData? {
        switch loading {
        case .loaded(let data):
            return data
        case .fetching(let local, let remote, let upstream):
            let fetched = Mutex<PageData?>(nil)
            PageDataLoader.fetch(remote, from: upstream, into: local, context: context) { data in fetched.withLock { $0 = data } }
            return fetched.withLock { $0 }
        }
    }
}
