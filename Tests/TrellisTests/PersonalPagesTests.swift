import HTTPServer
import SDUI
import Synchronization
import Testing
import TestSupport
@testable import Trellis

/// Pages that bind sources fed from the request (SPEC §6.2): a personal page never touches
/// the shared cache and says so in its headers; a page forwarding other headers is keyed by them.
@Suite struct PersonalPagesTests {
    static let site: Site = {
        let files = [
            "catalog.json": #"{"components":{"page":{"slots":["children"]},"text":{"required":["text"]}}}"#,
            "rollout.json": "{}",
            "sources.json": #"""
            {"sources":{
              "cart":{"url":"https://cart.test/v1/cart/{{key}}","forwardHeaders":["Authorization"],"ttlSeconds":5},
              "news":{"url":"http://news.test/n/{{key}}","forwardHeaders":["Accept-Language"],"ttlSeconds":60}}}
            """#,
            "pages/upgrade.json": #"{"root":{"id":"upgrade","type":"page","data":{"children":[]}}}"#,
            "pages/not-found.json": #"{"root":{"id":"nf","type":"page","data":{"children":[]}}}"#,
            "pages/cart.json": #"""
            {"route":"/cart","maxAge":60,"data":{"cart":{"source":"cart","key":"me"}},
             "root":{"id":"cart","type":"page","data":{"children":[{"id":"t","type":"text","data":{"text":"Cart"}}]}}}
            """#,
            "pages/news.json": #"""
            {"route":"/news","maxAge":60,"data":{"news":{"source":"news","key":"today"}},
             "root":{"id":"news","type":"page","data":{"children":[{"id":"t","type":"text","data":{"text":"News"}}]}}}
            """#,
        ]
        guard case .success(let site) = Site.load(files: files.mapValues { Array($0.utf8) }) else { fatalError("fixture") }
        return site
    }()

    func run(_ path: String, _ headers: [(String, String)], _ cache: ResponseCache<CacheKey, Representation>) -> PageOutcome {
        let pipeline = PagePipeline(site: Self.site, cache: cache, upstream: nil)
        return pipeline.answer(HTTPRequest(method: "GET", target: path, headers: HTTPHeaders(headers)), date: TestInstant.date)
    }

    @Test func aPersonalPageNeverEntersTheSharedCacheAndIsPrivateNoCache() throws {
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 20)
        let first = run("/cart", [("Authorization", "Bearer alice")], cache)
        let second = run("/cart", [("Authorization", "Bearer alice")], cache)
        #expect(first.record.cache == .personal && second.record.cache == .personal)
        #expect(cache.count == 0 && cache.hits == 0)
        let text = String(decoding: first.response.preformattedHeaders, as: UTF8.self)
        #expect(text.contains("Cache-Control: private, no-cache\r\n"))
        // No version boundary, no experiment, no strings: only the coding, capabilities and credentials shape it (SPEC §12).
        #expect(text.contains("Vary: Accept-Encoding, X-Client-Capabilities, Authorization\r\n"))
        // Revalidation still works: the same body has the same ETag.
        let etag = try #require(first.representation?.etag)
        #expect(run("/cart", [("Authorization", "Bearer alice"), ("If-None-Match", etag)], cache).response.status == 304)
    }

    @Test func aSharedPageThatForwardsHeadersIsCachedPerForwardedValue() {
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 20)
        // news.test does not resolve here: the page is served without it and not cached (a
        // failure is not cached), so look at the keys the plans make instead.
        let pipeline = PagePipeline(site: Self.site, cache: cache, upstream: nil)
        func plan(_ language: String?) -> PagePlan? {
            let headers = language.map { [("Accept-Language", $0)] } ?? []
            return try? pipeline.decide(HTTPRequest(method: "GET", target: "/news", headers: HTTPHeaders(headers)))
        }
        #expect(plan("fr") == plan("fr"))
        #expect(plan("fr") != plan("de") && plan("fr") != plan(nil))
        #expect(plan("fr")?.personal == false && plan("fr")?.forwardedValues == ["accept-language": Array("fr".utf8)])
        let text = String(decoding: run("/news", [("Accept-Language", "fr")], cache).response.preformattedHeaders, as: UTF8.self)
        #expect(text.contains("Vary: Accept-Encoding, X-Client-Capabilities, Accept-Language\r\n")
            && text.contains("Cache-Control: public, max-age=60\r\n"))
    }
}
