import HTTPServer
import SDUI
import Synchronization
import Testing
import TestSupport
@testable import Trellis

/// A page the pipeline must assemble: in place when its data are at hand, and one assembly for
/// the requests that ask for it while its url source is being fetched.
@Suite struct PagePipelineMissTests {
    /// An upstream that holds every fetch until the test answers them (with no value). It says
    /// `recommendations` is fresh, so the product page's `"auto"` `related` section is inline
    /// and its url source fetched with the page (SPEC §10.1).
    final class HeldUpstream: UpstreamFetching {
        let held = Mutex<[@Sendable () -> Void]>([])
        func freshnessToken(_ request: DataRequest, headers: HTTPHeaders) -> String? {
            request.source == "recommendations" ? request.key : nil
        }

        func isFresh(_ token: String) -> Bool { true }
        func fetchAll(_ requests: [DataRequest], context: PageRequestContext, completion: @escaping @Sendable ([UpstreamValue?]) -> Void) {
            held.withLock { $0.append { completion(Array(repeating: nil, count: requests.count)) } }
        }
        func answerAll() {
            for answer in held.withLock({ $0 }) { answer() }
        }
    }

    /// A client that performs `load`: the product page's personal `cart-badge` is deferred for
    /// it, so the page is shared and cached (SPEC §10.1, §6.2).
    static let request = HTTPRequest(method: "GET", target: "/product/3", headers: HTTPHeaders([("X-Client-Version", "ios/6.0.0")]))

    /// `request` through the serving door, a pending page finished as the server finishes it.
    static func serve(through pipeline: PagePipeline, completion: @escaping @Sendable (PageOutcome) -> Void) {
        let context = PageRequestContext(request, date: TestInstant.date)
        pipeline.serve(request, trace: context.trace, date: context.date).finish(context: context, completion: completion)
    }

    @Test func aPageWhoseDataAreAtHandIsAnsweredBeforeFinishReturnsWithOrWithoutACache() {
        for (pipeline, use) in [(PagePipelineTests.pipeline(), CacheUse.bypass),
                                (PagePipelineTests.pipeline(cache: ResponseCache(capacityBytes: 1 << 20)), .miss)] {
            let answered = Mutex<CacheUse?>(nil)
            Self.serve(through: pipeline) { outcome in answered.withLock { $0 = outcome.record.cache } }
            #expect(answered.withLock { $0 } == use)
        }
    }

    @Test func requestsArrivingWhileTheUrlSourceIsFetchedJoinTheOneAssembly() {
        let upstream = HeldUpstream()
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 20)
        let pipeline = PagePipeline(site: PagePipelineTests.site, cache: cache, upstream: upstream)
        let outcomes = Mutex<[PageOutcome]>([])
        for _ in 0..<3 {
            Self.serve(through: pipeline) { outcome in outcomes.withLock { $0.append(outcome) } }
        }
        #expect(upstream.held.withLock { $0.count } == 1 && outcomes.withLock { $0.isEmpty })
        upstream.answerAll()
        let answered = outcomes.withLock { $0 }
        #expect(answered.count == 3 && answered.allSatisfy { $0.response.status == 200 && $0.record.cache == .miss })
        #expect(Set(answered.compactMap { $0.representation.map(ObjectIdentifier.init) }).count == 1)
        #expect(cache.misses == 3 && cache.hits == 0)
    }
}
