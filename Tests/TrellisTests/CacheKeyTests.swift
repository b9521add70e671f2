import HTTPServer
import Testing
import TestSupport
@testable import Trellis

/// The response cache's key: equal plans make equal keys, and a miss hands the key of its
/// look-up in `serve` on to the cache steps after it.
@Suite struct CacheKeyTests {
    static func plan(_ target: String, _ headers: [(String, String)] = []) throws -> PagePlan {
        try PagePipelineTests.pipeline().decide(HTTPRequest(method: "GET", target: target, headers: HTTPHeaders(headers)))
    }

    @Test func keysOfEqualPlansAreEqualAndHashAlike() throws {
        let first = CacheKey(generation: 1, plan: try Self.plan("/product/3")), second = CacheKey(generation: 1, plan: try Self.plan("/product/3"))
        #expect(first == second && first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
    }

    @Test func anotherGenerationOrPlanIsAnotherKey() throws {
        let plan = try Self.plan("/product/3")
        let key = CacheKey(generation: 1, plan: plan)
        #expect(key != CacheKey(generation: 2, plan: plan))
        #expect(key != CacheKey(generation: 1, plan: try Self.plan("/product/4")))
        #expect(key != CacheKey(generation: 1, plan: try Self.plan("/product/3", [("X-Client-Version", "ios/4.9.0")])))
        #expect(Set([key, CacheKey(generation: 2, plan: plan), CacheKey(generation: 1, plan: try Self.plan("/home"))]).count == 3)
    }

    @Test func aMissHandsOnTheKeyOfItsLookUpOnlyWhenTheCacheTakesPart() throws {
        // A client that loads the cart badge: the product page is shared (SPEC §10.1).
        let loads = [("X-Client-Version", "ios/6.0.0")]
        let request = HTTPRequest(method: "GET", target: "/product/3", headers: HTTPHeaders(loads))
        let cached = PagePipelineTests.pipeline(cache: ResponseCache(capacityBytes: 1 << 20))
        guard case .pending(let page) = cached.serve(request, trace: TraceContext(traceparent: nil), date: TestInstant.date),
              case .cached(let key) = page.work else {
            Issue.record("a page to assemble with a cache is pending with its key")
            return
        }
        #expect(key == CacheKey(generation: 1, plan: try Self.plan("/product/3", loads)))
        guard case .pending(let uncached) = PagePipelineTests.pipeline().serve(request, trace: TraceContext(traceparent: nil), date: TestInstant.date),
              case .uncached(let plan) = uncached.work else {
            Issue.record("without a cache the page is pending with its plan alone")
            return
        }
        #expect(plan == key.plan)
    }
}
