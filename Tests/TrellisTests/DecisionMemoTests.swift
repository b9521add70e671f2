import HTTPServer
import SDUI
import Synchronization
import Testing
import TestSupport
@testable import Trellis

/// `DecisionMemo`: a request decided before is found by its bytes, exactly, and nothing else is.
@Suite struct DecisionMemoTests {
    /// Generated cases of the differential test below (`GeneratedCases`).
    static let cases = GeneratedCases.count(default: 3_000)

    static func request(_ target: String, _ headers: [(String, String)]) -> HTTPRequest {
        HTTPRequest(method: "GET", target: target, headers: HTTPHeaders(headers))
    }

    static func key(_ target: String) -> CacheKey {
        let plan = try! PagePipeline(site: PagePipelineTests.site, upstream: nil).decide(request(target, [("X-Client-Version", "ios/5.2.0")]))
        return CacheKey(generation: 1, plan: plan)
    }

    /// Looks `request` up in `memo` twice, remembering `key` after each look-up that found
    /// nothing, as the pipeline does for a request decided twice: the second time stores it.
    static func decideTwice(_ request: HTTPRequest, in memo: DecisionMemo, key: CacheKey, generation: Int = 1,
                            freshness: [String] = []) {
        for _ in 0..<2 where memo.key(for: request, generation: generation, upstream: nil) == nil {
            memo.remember(key, coding: .gzip, freshness: freshness)
        }
    }

    @Test func aRequestDecidedBeforeIsFoundByItsBytesAndTheFieldsThatDecideNothingAreLeftOut() {
        let memo = DecisionMemo()
        let headers = [("X-Client-Version", "ios/5.2.0"), ("X-Request-Id", "one"), ("traceparent", "00-a-b-01")]
        let key = Self.key("/home")
        Self.decideTwice(Self.request("/home", headers), in: memo, key: key)
        let found = memo.key(for: Self.request("/home", headers), generation: 1, upstream: nil)
        #expect(found?.key == key && found?.coding == .gzip, "the key, with the coding remembered with it")
        let otherIDs = [("X-Client-Version", "ios/5.2.0"), ("X-REQUEST-ID", "two"), ("Traceparent", "00-c-d-01"),
                        ("tracestate", "x=1"), ("If-None-Match", "\"e\"")]
        #expect(memo.key(for: Self.request("/home", otherIDs), generation: 1, upstream: nil)?.key == key)
        #expect(memo.found == 2)
    }

    @Test func anythingElseThatDiffersIsNotFound() {
        let memo = DecisionMemo()
        let headers = [("X-Client-Version", "ios/5.2.0")]
        Self.decideTwice(Self.request("/home", headers), in: memo, key: Self.key("/home"))
        #expect(memo.key(for: Self.request("/home", headers), generation: 2, upstream: nil)?.key == nil, "another Pages version")
        #expect(memo.key(for: Self.request("/home", [("X-Client-Version", "ios/5.2.1")]), generation: 1, upstream: nil)?.key == nil)
        #expect(memo.key(for: Self.request("/home", headers + [("X-Device-Id", "d")]), generation: 1, upstream: nil)?.key == nil)
        #expect(memo.key(for: Self.request("/home", [("x-client-version", "ios/5.2.0")]), generation: 1, upstream: nil)?.key == nil, "a name as written")
        #expect(memo.key(for: Self.request("/home?", headers), generation: 1, upstream: nil)?.key == nil, "an empty query")
        #expect(memo.key(for: Self.request("/home?a", headers), generation: 1, upstream: nil)?.key == nil)
        #expect(memo.key(for: HTTPRequest(method: "HEAD", target: "/home", headers: HTTPHeaders(headers)), generation: 1, upstream: nil)?.key == nil)
        #expect(memo.found == 0)
    }

    @Test func aKeyThatStoodOnFreshValuesIsFoundOnlyWhileTheyAreFresh() {
        let memo = DecisionMemo()
        let request = Self.request("/product/3", [("X-Client-Version", "ios/5.2.0")])
        let key = Self.key("/product/3")
        Self.decideTwice(request, in: memo, key: key, freshness: ["a", "b"])
        let upstream = TogglingUpstream()
        #expect(memo.key(for: request, generation: 1, upstream: upstream)?.key == key)
        upstream.fresh.withLock { $0 = false }
        #expect(memo.key(for: request, generation: 1, upstream: upstream)?.key == nil)
        #expect(memo.key(for: request, generation: 1, upstream: nil)?.key == nil, "no upstream: nothing is fresh")
        #expect(memo.found == 1)
    }

    @Test func aRequestOverTheBoundIsDecidedEachTime() {
        let memo = DecisionMemo()
        let long = Self.request("/home", [("X-Client-Version", "ios/5.2.0"), ("User-Agent", String(repeating: "u", count: DecisionMemo.maxRequestBytes))])
        Self.decideTwice(long, in: memo, key: Self.key("/home"))
        #expect(memo.key(for: long, generation: 1, upstream: nil)?.key == nil && memo.found == 0)
    }

    /// The key remembered is the object the cache holds with the page, not an equal copy: a
    /// replayed hit then finds its entry by identity, without comparing two plans.
    @Test func theKeyRememberedIsTheCachesOwn() throws {
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 22)
        let pipeline = PagePipeline(site: PagePipelineTests.site, cache: cache, upstream: nil)
        let memo = DecisionMemo()
        let request = Self.request("/home", [("X-Client-Version", "ios/5.2.0")])
        for _ in 0..<3 { _ = pipeline.answer(request, date: TestInstant.date, memo: memo) }
        let key = try #require(memo.lastFound?.key, "found at the third request")
        #expect(key.isIdentical(to: cache.storedKey(equalTo: key)))
    }

    /// A request decided once is only noted, so traffic that never repeats (a new device each
    /// time) stores nothing; decided again, it is remembered; a request between the two at the
    /// same slot takes the note.
    @Test func aRequestIsRememberedAtItsSecondSightingInARow() {
        let memo = DecisionMemo()
        let request = Self.request("/home", [("X-Client-Version", "ios/5.2.0")])
        let key = Self.key("/home")
        #expect(memo.key(for: request, generation: 1, upstream: nil) == nil)
        memo.remember(key, coding: .gzip, freshness: [])
        #expect(memo.key(for: request, generation: 1, upstream: nil) == nil, "seen once: noted, not remembered")
        #expect(memo.remembered == 0)
        memo.remember(key, coding: .gzip, freshness: [])
        #expect(memo.remembered == 1)
        #expect(memo.key(for: request, generation: 1, upstream: nil)?.key == key)

        let others = DecisionMemo()
        for index in 0..<(4 * DecisionMemo.slots) {  // every request new: each slot noted over and over
            let device = Self.request("/home", [("X-Client-Version", "ios/5.2.0"), ("X-Device-Id", "d\(index)")])
            #expect(others.key(for: device, generation: 1, upstream: nil) == nil)
            others.remember(key, coding: .gzip, freshness: [])
        }
        #expect(others.remembered == 0 && others.found == 0)
    }

    /// An upstream whose every url value is answered at once, fresh or not as the test says
    /// between requests: `"auto"` sections go inline and deferred as it changes.
    final class TogglingUpstream: UpstreamFetching {
        let fresh = Mutex(true)

        func freshnessToken(_ request: DataRequest, headers: HTTPHeaders) -> String? { request.source + " " + request.key }

        func isFresh(_ token: String) -> Bool { fresh.withLock { $0 } }

        func fetchAll(_ requests: [DataRequest], context: PageRequestContext,
                      completion: @escaping @Sendable ([UpstreamValue?]) -> Void) {
            completion(requests.map { _ in nil })
        }
    }

    /// The oracle: generated request sequences over the sample Pages answered through a memo
    /// and without one (each pipeline with its own cache, one upstream whose freshness changes
    /// as the sequence goes) give the same answers, byte for byte.
    @Test func answersThroughTheMemoAreTheAnswersWithoutIt() {
        var random = SeededGenerator(seed: 0xDEC1DE)
        let site = PagePipelineTests.site
        let upstream = TogglingUpstream()
        let memoized = PagePipeline(site: site, cache: ResponseCache(capacityBytes: 1 << 22), upstream: upstream)
        let plain = PagePipeline(site: site, cache: ResponseCache(capacityBytes: 1 << 22), upstream: upstream)
        let memo = DecisionMemo()
        let targets = ["/home", "/product/3", "/product/7", "/product/999", "/search?q=jacket", "/search?q=%zz", "/cart",
                       "/product/3?_section=cart-badge", "/product/3?_section=related", "/product/3?_section=nope",
                       "/search?q=a&_section=results&_after=20", "/nowhere", "/home?utm=1"]
        let versions = [nil, "ios/5.2.0", "ios/4.0.0", "ios/3.0.0", "android/5.0.0", "web/1.0.0", "nonsense"]
        let optional: [(String, [String])] = [
            ("X-Device-Id", ["d1", "d2", "d3"]), ("Accept-Language", ["fr", "pl, en;q=0.5", "de"]),
            ("X-AB-Variant", ["home-hero=A", "home-hero=B"]), ("X-Release", ["canary", "stable"]),
            ("X-Client-Capabilities", ["video", "video, maps"]), ("Accept-Encoding", ["gzip", "identity", "gzip;q=0, identity", "*", "br", "x-gzip;q=0.5, *;q=0.1"]),
            ("Authorization", ["Bearer alice"]), ("If-None-Match", ["\"x\"", "*"]),
        ]
        // Forty clients, each sending its own headers again (as apps do), with a fresh request id
        // and sometimes a validator; and now and then a client never seen before.
        func makeClient() -> [(String, String)] {
            var headers: [(String, String)] = []
            if let version = versions.randomElement(using: &random)! { headers.append(("X-Client-Version", version)) }
            for (name, values) in optional where Bool.random(using: &random) {
                headers.append((name, values.randomElement(using: &random)!))
            }
            return headers
        }
        let clients = (0..<40).map { _ in makeClient() }
        for index in 0..<Self.cases {
            var headers = index % 10 == 0 ? makeClient() : clients.randomElement(using: &random)!
            headers.append(("X-Request-Id", "r\(index)"))
            if Bool.random(using: &random) { headers.append(("traceparent", "00-\(String(repeating: "a", count: 31))\(index % 10)-00f067aa0ba902b7-01")) }
            if index % 50 == 0 { upstream.fresh.withLock { $0.toggle() } }
            let target = targets.randomElement(using: &random)!
            let method = index % 17 == 0 ? "HEAD" : "GET"
            let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders(headers))
            let a = memoized.answer(request, date: TestInstant.date, memo: memo), b = plain.answer(request, date: TestInstant.date)
            // Compared as one flag, so a difference is reported by request, not as two byte dumps.
            let same = a.response.status == b.response.status && a.response.preformattedHeaders == b.response.preformattedHeaders
                && a.response.body == b.response.body
            #expect(same, "\(method) \(target) \(headers)")
        }
        // A client is answered from the memo from its third request on (remembered at the second).
        #expect(memo.found > Self.cases / 10, "the memo answered \(memo.found) of \(Self.cases)")
    }
}
