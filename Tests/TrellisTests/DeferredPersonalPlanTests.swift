import HTTPServer
import SDUI
import Testing
import TestSupport
@testable import Trellis

/// A page whose personal data only deferred sections read (SPEC §6.2, §10.1): its plan forwards
/// what the entries it reads forward, so it is shared for a client that `load`s those sections
/// and personal for one that gets them inline; the section fetched alone stays personal.
@Suite struct DeferredPersonalPlanTests {
    /// `load` from ios 5.1.0. `/product`'s badge (`defer: true`) binds the personal `cart`;
    /// `/news` adds an inline section on `news`, which forwards `Accept-Language`; `/mixed`
    /// puts that one behind `"defer": "auto"`, deferred here as no upstream has a fresh value.
    static let site: Site = {
        let badge = #"""
            { "$section": "badge", "defer": true,
              "placeholder": { "id": "badge", "type": "skeleton", "data": { "height": 20, "onAppear": "{{section.load}}" } },
              "then": { "id": "badge", "type": "text", "data": { "text": "{{cart.count}}" } } }
            """#
        func headlines(_ deferral: String) -> String {
            #"""
            { "$section": "headlines", "defer": \#(deferral),
              "placeholder": { "id": "headlines", "type": "skeleton", "data": { "height": 20, "onAppear": "{{section.load}}" } },
              "then": { "id": "headlines", "type": "text", "data": { "text": "{{news.title}}" } } }
            """#
        }
        func page(_ route: String, _ sections: [String]) -> String {
            #"""
            { "route": "\#(route)", "maxAge": 60,
              "data": { "item": { "source": "items", "key": "one" }, "cart": { "source": "cart", "key": "me" },
                        "news": { "source": "news", "key": "today" } },
              "root": { "id": "root", "type": "page", "data": { "children": [
                { "id": "title", "type": "text", "data": { "text": "{{item.title}}" } }, \#(sections.joined(separator: ", ")) ] } } }
            """#
        }
        let files = [
            "catalog.json": #"""
            {"components":{"page":{"slots":["children"]},"text":{"required":["text"]},
              "skeleton":{"required":["height"],"fields":{"height":{"type":"integer"},"onAppear":{"type":"action"}}}},
             "actions":{"load":{"required":["url","target"],"since":{"ios":"5.1.0"},"fallback":null}}}
            """#,
            "rollout.json": "{}",
            "sources.json": #"""
            {"sources":{"items":{"file":"data/items.json"},
              "cart":{"url":"https://cart.test/v1/cart/{{key}}","forwardHeaders":["Authorization"],"ttlSeconds":5},
              "news":{"url":"http://news.test/n/{{key}}","forwardHeaders":["Accept-Language"],"ttlSeconds":60}}}
            """#,
            "data/items.json": #"{"one":{"title":"One"}}"#,
            "pages/upgrade.json": #"{"root":{"id":"upgrade","type":"page","data":{"children":[]}}}"#,
            "pages/not-found.json": #"{"root":{"id":"nf","type":"page","data":{"children":[]}}}"#,
            "pages/product.json": page("/product", [badge]),
            "pages/news.json": page("/news", [badge, headlines("false")]),
            "pages/mixed.json": page("/mixed", [badge, headlines(#""auto""#)]),
        ]
        guard case .success(let site) = Site.load(files: files.mapValues { Array($0.utf8) }) else { fatalError("fixture") }
        return site
    }()

    static let loads = ("X-Client-Version", "ios/6.0.0")
    static let cantLoad = ("X-Client-Version", "ios/5.0.0")
    static let alice = ("Authorization", "Bearer alice")

    func plan(_ target: String, _ headers: [(String, String)]) throws -> PagePlan {
        let pipeline = PagePipeline(site: Self.site, cache: nil, upstream: nil)
        return try pipeline.decide(HTTPRequest(method: "GET", target: target, headers: HTTPHeaders(headers)))
    }

    @Test func aClientThatLoadsTheBadgeHasASharedPlanAndAnOldClientAPersonalOne() throws {
        let shared = try plan("/product", [Self.loads, Self.alice])
        #expect(shared.deferred?.names == ["badge"])
        #expect(!shared.personal && shared.forwardedNames.isEmpty && shared.forwardedValues.isEmpty)
        let personal = try plan("/product", [Self.cantLoad, Self.alice])
        #expect(personal.deferred == nil && personal.personal && personal.forwardedNames == ["Authorization", "Accept-Language"])
        // Two users who load the badge share the page's plan, so its cache entry.
        #expect(try plan("/product", [Self.loads, ("Authorization", "Bearer bob")]) == shared)
    }

    @Test func theBadgeAloneStaysPersonal() throws {
        let section = try plan("/product?_section=badge", [Self.loads, Self.alice])
        #expect(section.personal && section.forwardedNames == ["Authorization"])
    }

    @Test func anInlineSectionKeepsItsForwardedHeadersInTheSharedPlan() throws {
        let shared = try plan("/news", [Self.loads, Self.alice, ("Accept-Language", "fr")])
        #expect(!shared.personal && shared.forwardedNames == ["Accept-Language"])
        #expect(shared.forwardedValues == ["accept-language": Array("fr".utf8)])
        let personal = try plan("/news", [Self.cantLoad, Self.alice, ("Accept-Language", "fr")])
        #expect(personal.personal && personal.forwardedNames == ["Authorization", "Accept-Language"] && personal.forwardedValues.isEmpty)
    }

    @Test func anAutoSectionDeferredTooLeavesItsForwardingOut() throws {
        let plan = try plan("/mixed", [Self.loads, Self.alice, ("Accept-Language", "fr")])
        #expect(plan.deferred?.names == ["badge", "headlines"] && plan.deferred?.forFreshness == true)
        #expect(!plan.personal && plan.forwardedNames.isEmpty && plan.forwardedValues.isEmpty)
    }

    @Test func theSharedPageIsCachedWithoutPrivateOrTheCredentialInVary() throws {
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 20)
        let pipeline = PagePipeline(site: Self.site, cache: cache, upstream: nil)
        func get(_ headers: [(String, String)]) -> PageOutcome {
            pipeline.answer(HTTPRequest(method: "GET", target: "/product", headers: HTTPHeaders(headers)), date: TestInstant.date)
        }
        #expect(get([Self.loads, Self.alice]).record.cache == .miss)
        let hit = get([Self.loads, ("Authorization", "Bearer bob")])
        #expect(hit.record.cache == .hit)
        let text = String(decoding: hit.response.preformattedHeaders, as: UTF8.self)
        #expect(text.contains("Cache-Control: public, max-age=60\r\n"))
        #expect(text.contains("\r\nVary: ") && !text.contains("Authorization"))
        let old = get([Self.cantLoad, Self.alice])
        #expect(old.record.cache == .personal)
        #expect(String(decoding: old.response.preformattedHeaders, as: UTF8.self).contains("Cache-Control: private, no-cache\r\n"))
    }

    @Test func invalidatingThePersonalSourceSparesThePageThatDefersIt() {
        #expect(!Self.site.binds(source: "cart", template: "product", section: nil, unread: ["badge"]))
        #expect(Self.site.binds(source: "cart", template: "product", section: nil))
        #expect(Self.site.binds(source: "cart", template: "product", section: "badge"))
    }
}
