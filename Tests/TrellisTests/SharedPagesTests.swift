import HTTPServer
import SDUI
import Testing
import TestSupport
@testable import Trellis

/// Pages that read no parameter or data (the `not-found` page of an unknown id, the `upgrade`
/// page) are cached once per client class, not once per id: a flood of unknown ids costs a
/// small alias each and leaves the real pages cached.
@Suite struct SharedPagesTests {
    static let site: Site = {
        let files = [
            "catalog.json": #"{"components":{"page":{"slots":["children"]},"text":{"required":["text"]},"price":{"required":["amount"]}}}"#,
            "rollout.json": #"{"minVersions":{"ios":"4.0.0"}}"#,
            "sources.json": #"{"sources":{"products":{"file":"data/products.json"}}}"#,
            "data/products.json": #"{"1":{"title":"Lamp","price":12},"2":{"title":"Desk","price":90}}"#,
            "pages/upgrade.json": #"{"root":{"id":"upgrade","type":"page","data":{"children":[]}}}"#,
            "pages/not-found.json": #"{"root":{"id":"nf","type":"page","data":{"children":[{"id":"t","type":"text","data":{"text":"Gone"}}]}}}"#,
            "pages/product.json": #"""
            {"route":"/product/:id","maxAge":60,"data":{"product":{"source":"products","key":"{{params.id}}","required":true}},
             "root":{"id":"product","type":"page","data":{"children":[
               {"id":"t","type":"text","data":{"text":"{{product.title}}"}},
               {"id":"p","type":"price","required":true,"data":{"amount":"{{product.price}}"}}]}}}
            """#,
        ]
        guard case .success(let site) = Site.load(files: files.mapValues { Array($0.utf8) }) else { fatalError("fixture") }
        return site
    }()

    /// Two client classes: one renders `price`, the other does not (the product page is then
    /// the upgrade page: its required price can't be rendered).
    static let classes = [[("X-Client-Version", "ios/5.0.0")],
                          [("X-Client-Version", "ios/5.0.0"), ("X-Client-Capabilities", "page,text")]]

    func run(_ target: String, _ headers: [(String, String)], _ cache: ResponseCache<CacheKey, Representation>) -> PageOutcome {
        let pipeline = PagePipeline(site: Self.site, cache: cache, upstream: nil)
        return pipeline.answer(HTTPRequest(method: "GET", target: target, headers: HTTPHeaders(headers)), date: TestInstant.date)
    }

    @Test func aThousandUnknownIdsShareOneNotFoundPagePerClientClassAndLeaveRealPagesCached() throws {
        // Room for the real page and a thousand aliases, not for a thousand not-found pages.
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1_500_000)
        #expect(run("/product/1", Self.classes[0], cache).record.cache == .miss)
        var shared: Set<ObjectIdentifier> = []
        for id in 0..<1000 {
            let outcome = run("/product/u\(id)", Self.classes[id % 2], cache)
            #expect(outcome.response.status == 404 && outcome.record.cache == .miss)
            shared.insert(ObjectIdentifier(try #require(outcome.representation)))
        }
        #expect(shared.count == 2)
        let notFound = try #require(run("/product/u1", Self.classes[1], cache).representation)
        #expect(notFound.result.template == "not-found" && notFound.result.page == "product")
        #expect(run("/product/u1", Self.classes[1], cache).record.cache == .hit)
        #expect(run("/product/1", Self.classes[0], cache).record.cache == .hit)
        #expect(cache.count == 1 + 2 + 1000)
        // An alias is charged its key and the cache's bookkeeping (about 1.3 KB: the key's inline
        // bytes, with its plan's digest and freshness tokens, counted several times over), a page
        // its bodies besides: a thousand aliases fit where a thousand pages would not.
        #expect(notFound.cost > 1000 && cache.totalCost < 1000 * 1300 + 3 * 8000)
    }

    @Test func theUpgradePageOfAComponentNoFallbackRendersIsSharedAcrossIds() throws {
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 22)
        let lamp = try #require(run("/product/1", Self.classes[1], cache).representation)
        let desk = try #require(run("/product/2", Self.classes[1], cache).representation)
        #expect(lamp.result.template == "upgrade" && desk === lamp)
        #expect(run("/product/2", Self.classes[1], cache).record.cache == .hit)
        // A client that renders the page gets its own, per id.
        let real = try #require(run("/product/2", Self.classes[0], cache).representation)
        #expect(real.result.template == "product" && real !== lamp)
    }
}
