import Foundation
import Testing
@testable import SDUI

/// The sample `Pages/` folder at the package root loads cleanly and renders.
@Suite struct SamplePagesTests {
    static func pagesFiles() -> [String: [UInt8]] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Pages").standardized
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = root.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue,
               let data = FileManager.default.contents(atPath: full) {
                files[relative] = Array(data)
            }
        }
        return files
    }

    /// Every binding of the sample pages names what its page binds, and every path is in the
    /// records of its file source or sample (the only warning is the deliberately missing
    /// Polish message); a typo in an `$each` item over a `url` source is caught by its sample.
    @Test func bindingsAreCleanAndTheURLSourcesSamplesCatchTypos() throws {
        var files = Self.pagesFiles()
        let site = try Fixtures.load(files)
        #expect(site.warnings.map(\.description) == [])
        #expect(site.sources.samples.keys.sorted() == ["cart", "recommendations", "search"])
        let product = String(decoding: try #require(files["pages/product.json"]), as: UTF8.self)
        files["pages/product.json"] = Array(product.replacingOccurrences(of: "{{item.title}}", with: "{{item.titel}}").utf8)
        #expect(try Fixtures.load(files).warnings.map(\.description).contains(
            #"pages/product.json:$.root.data.children[10].then.then.data.elements[1].data.items[0].template.data.title: warning: "item.titel": no record of data/recommendations.sample.json has "items[].titel" (did you mean "items[].title"?)"#))
    }

    @Test func loadsWithZeroProblems() throws {
        let files = Self.pagesFiles()
        #expect(files["catalog.json"] != nil)
        #expect(Fixtures.problems(files) == [])
        let site = try Fixtures.load(files)
        #expect(site.version.count == 64)
        for name in ["home", "home.canary", "product", "upgrade", "not-found"] { #expect(site.templates[name] != nil) }
    }

    @Test func rendersHomeForAnIOSClient() throws {
        let site = try Fixtures.load(Self.pagesFiles())
        let match = try #require(site.match(path: "/home"))
        #expect(match.page == "home")
        let requests = site.dataRequests(for: match)
        #expect(requests.map(\.entry) == ["deals", "categories"])
        let data = site.fileData(for: requests)
        let page = try #require(Fixtures.renderPage(site, "home", data: data, client: Fixtures.client("ios/5.2.0"), variants: ["home-hero": "B"]))
        let body = String(decoding: page.body, as: UTF8.self)
        #expect(body.hasPrefix(#"{"id":"home","type":"page","data":{"title":"Home","children":[{"id":"top-bar","type":"top-bar""#))
        #expect(body.contains(#""title":"New season, new trails""#))
        #expect(body.contains(#"{"id":"deal-1","type":"product-card","data":{"title":"Trail Running Shoes","price":{"amount":"89.99","currency":"EUR"}"#))
        #expect(body.contains(#""id":"footer-legal""#))
        #expect(!body.contains("$") && !body.contains("{{"))
        #expect(try JSONParser.parse(page.body)["type"] == .string("page"))
        #expect(page.fallbacks == 0)
    }

    @Test func rendersProduct3AndOldClientsGetFallbacks() throws {
        let site = try Fixtures.load(Self.pagesFiles())
        let match = try #require(site.match(path: "/product/3"))
        // The badge alone reads the user's cart; the page with it deferred reads nothing personal.
        let badge = site.forwarding(of: "product", section: "cart-badge")
        #expect(badge.personal && badge.headers == ["Authorization", "Accept-Language"])
        #expect(site.forwarding(of: "product") == badge && site.forwarding(of: "product", unread: ["cart-badge"]) == .none)
        #expect(site.forwarding(of: "product", unread: ["cart-badge", "related"]) == .none)
        #expect(match == RouteMatch(page: "product", params: ["id": "3"], hasSections: true,
                                    sections: [RoutedSection(name: "cart-badge", paged: false, forwarding: badge),
                                               RoutedSection(name: "related", paged: false, forwarding: .none)]))
        var cart = UpstreamSource(urlTemplate: "https://localhost:9443/v1/cart/{{key}}", ttlSeconds: 5)
        (cart.forwardHeaders, cart.personal) = (["Authorization", "Accept-Language"], true)
        let requests = site.dataRequests(for: match)
        #expect(requests == [
            DataRequest(entry: "product", source: "products", key: "3", required: true, timeoutMs: 200, kind: .file(path: "data/products.json")),
            DataRequest(entry: "related", source: "recommendations", key: "3", required: false, timeoutMs: 80,
                        kind: .url(UpstreamSource(urlTemplate: "http://127.0.0.1:9100/recommendations/{{key}}", ttlSeconds: 30))),
            DataRequest(entry: "cart", source: "cart", key: "mine", required: false, timeoutMs: 150, kind: .url(cart)),
        ])
        // The related products come from the sample upstream's data (samples/recommendations.json).
        var data = site.fileData(for: requests)
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../samples/recommendations.json")
        data["related"] = try JSONParser.parse(Array(try Data(contentsOf: samples)))["3"]
        let modern = try #require(Fixtures.renderPage(site, "product", params: match.params, data: data, client: Fixtures.client("ios/6.0.0")))
        let body = String(decoding: modern.body, as: UTF8.self)
        #expect(body.contains(#"{"id":"title","type":"text","data":{"text":"Merino Wool Socks (3-pack)","style":"headline"}}"#))
        #expect(body.contains(#"{"id":"rating","type":"rating","data":{"value":4.8,"count":2210}}"#))
        #expect(body.contains(#""id":"rel-4""#))
        #expect(modern.fallbacks == 0)
        let old = try #require(Fixtures.renderPage(site, "product", params: match.params, data: data, client: Fixtures.client("ios/4.0.0")))
        let oldBody = String(decoding: old.body, as: UTF8.self)
        #expect(oldBody.contains(#"{"id":"rating","type":"text","data":{"text":"★ 4.8 (2210 reviews)"}}"#))
        #expect(oldBody.contains(#"{"id":"related-carousel","type":"column","data":{"elements":[{"id":"rel-4""#))
        #expect(old.fallbackTypes == ["rating": 1, "carousel": 1])
        #expect(!oldBody.contains(#""style":"primary""#))
    }

    @Test func unknownProductHasNoValueAndUpgradeAndNotFoundRender() throws {
        let site = try Fixtures.load(Self.pagesFiles())
        #expect(site.fileValue(source: "products", key: "999") == nil)
        #expect(site.match(path: "/product/a%20b") == nil)
        #expect(Fixtures.render(site, "upgrade", client: .unknown).hasPrefix(#"{"id":"upgrade","type":"page""#))
        #expect(Fixtures.render(site, "not-found", client: .unknown).hasPrefix(#"{"id":"not-found","type":"page""#))
    }
}
