import Foundation
import Testing
import TestSupport
@testable import SDUI

/// Sections a client can never be shown (docs/DECISIONS.md "Sections a client can never
/// show"): which shapes the load-time analysis proves to show only some types, which it leaves
/// alone, and what a page for such a client then reads and forwards.
@Suite struct AbsentSectionTests {
    /// `count` comes with `load` (ios 5.1.0) with no fallback, and is disabled on ios 6.1.0;
    /// `banner` falls back to `text`; `chip` falls back to `count`.
    static let catalog = """
    { "components": {
      "page": { "slots": ["children"] },
      "text": { "required": ["text"] },
      "skeleton": { "fields": { "onAppear": { "type": "action" } } },
      "count": { "required": ["text"], "since": { "ios": "5.1.0" }, "disabled": { "ios": ["6.1.0"] } },
      "banner": { "required": ["text"], "since": { "ios": "5.1.0" }, "fallback": { "type": "text", "data": { "text": "{{text}}" } } },
      "chip": { "required": ["text"], "since": { "ios": "5.1.0" }, "fallback": { "type": "count", "data": { "text": "{{text}}" } } }
    },
      "actions": { "load": { "required": ["url", "target"], "since": { "ios": "5.1.0" } } } }
    """
    static let count = #"{"id":"c","type":"count","data":{"text":"{{cart.n}}"}}"#
    static let text = #"{"id":"c","type":"text","data":{"text":"signed out"}}"#

    /// Page `p` with one inline section `s` whose `then` is `then`, and data entries `title`
    /// (required, file) and `cart` (url, personal: it forwards `Authorization`).
    static func site(_ then: String, defer deferral: String = "false") throws -> Site {
        let section = #"{"$section":"s","defer":\#(deferral),"placeholder":{"id":"c","type":"skeleton","data":{"onAppear":"{{section.load}}"}},"then":\#(then)}"#
        return try Fixtures.load(Fixtures.files([
            "pages/p.json": #"{"route":"/p","data":{"title":{"source":"f","key":"one","required":true},"cart":{"source":"cart","key":"me"}},"root":{"id":"p","type":"page","data":{"children":[{"id":"t","type":"text","data":{"text":"{{title.text}}"}},\#(section)]}}}"#,
            "sources.json": #"{"sources":{"f":{"file":"data/f.json"},"cart":{"url":"https://cart.test/{{key}}","forwardHeaders":["Authorization"]}}}"#,
            "data/f.json": #"{"one":{"text":"One"}}"#,
        ], catalog: catalog))
    }

    static func client(_ version: String) -> ClientDescriptor { .version(ClientVersion(header: version)!) }
    static let old = client("ios/5.0.0")
    static let new = client("ios/6.0.0")

    func absent(_ then: String, for client: ClientDescriptor = Self.old) throws -> Bool {
        let site = try Self.site(then)
        return site.absentSections(template: "p", client: site.clientClass(for: client)) == ["s"]
    }

    @Test func aComponentOfATypeTheClientDoesNotRenderWithNoFallbackIsAbsent() throws {
        #expect(try absent(Self.count))
        #expect(try !absent(Self.count, for: Self.new))
        // `disabled` (SPEC §7.2) takes the type away as `since` does.
        #expect(try absent(Self.count, for: Self.client("ios/6.1.0")))
        // Capabilities decide types: naming `count` shows it to an old version, leaving it out hides it from a new one.
        #expect(try !absent(Self.count, for: .capabilities(["page", "text", "count"], version: ClientVersion(header: "ios/5.0.0"))))
        #expect(try absent(Self.count, for: .capabilities(["page", "text"], version: ClientVersion(header: "ios/6.0.0"))))
    }

    @Test func branchesAreAbsentOnlyWhenEveryOneIs() throws {
        #expect(try absent(#"{"$if":"cart","then":\#(Self.count)}"#))
        #expect(try !absent(#"{"$if":"cart","then":\#(Self.count),"else":\#(Self.text)}"#))
        #expect(try absent(#"{"$if":"cart","then":\#(Self.count),"else":\#(Self.count)}"#))
        #expect(try absent(#"{"$variant":"exp","A":\#(Self.count),"B":{"$if":"cart","then":\#(Self.count)}}"#, with: "exp"))
        #expect(try !absent(#"{"$variant":"exp","A":\#(Self.count),"B":\#(Self.text)}"#, with: "exp"))
        #expect(try absent(#"{"id":"c","type":"count","activeFrom":"2020-01-01T00:00:00Z","data":{"text":"{{cart.n}}"}}"#))
    }

    @Test func aFallbackTheClientRendersKeepsTheSectionShowable() throws {
        // The catalog's fallback, an inline one, and a chain.
        #expect(try !absent(#"{"id":"c","type":"banner","data":{"text":"{{cart.n}}"}}"#))
        #expect(try !absent(#"{"id":"c","type":"count","fallback":{"type":"text","data":{"text":"{{text}}"}},"data":{"text":"{{cart.n}}"}}"#))
        // `chip` falls back to `count`, which the old client doesn't render either; an inline
        // `null` drops `banner` instead of giving it its `text`.
        #expect(try absent(#"{"id":"c","type":"chip","data":{"text":"{{cart.n}}"}}"#))
        #expect(try absent(#"{"id":"c","type":"banner","fallback":null,"data":{"text":"{{cart.n}}"}}"#))
    }

    @Test func aRequiredComponentIsNeverTakenForAbsent() throws {
        // Unrenderable, it makes the page the upgrade page when its data are there: the data decide.
        #expect(try !absent(#"{"$if":"cart","then":{"id":"c","type":"count","required":true,"data":{"text":"{{cart.n}}"}}}"#))
        let site = try Self.site(#"{"id":"c","type":"count","required":true,"data":{"text":"{{cart.n}}"}}"#)
        #expect(site.templates["p"]?.sections.first?.showable == nil)
    }

    @Test func shapesNotProvenAreNotAnalysed() throws {
        let site = try Self.site(Self.count)
        let catalog = site.catalog
        let countType = try #require(catalog.index(of: "count"))
        let component = try #require(site.templates["p"]?.sections.first?.section.then)
        #expect(ShowableTypes.of(component, catalog: catalog) == [countType])
        #expect(ShowableTypes.of(.array([component]), catalog: catalog) == nil)
        #expect(ShowableTypes.of(.splice([component]), catalog: catalog) == nil)
        #expect(ShowableTypes.of(.each(BindingPath("cart.items")!, variable: "i", template: component), catalog: catalog) == nil)
        #expect(ShowableTypes.of(.binding(BindingPath("cart.component")!), catalog: catalog) == nil)
        #expect(ShowableTypes.of(.conditional(BindingPath("cart")!, then: component, else: .binding(BindingPath("x")!)), catalog: catalog) == nil)
    }

    @Test func aPageForAClientThatCantShowTheSectionNeitherReadsNorForwardsItsEntries() throws {
        let site = try Self.site(#"{"$if":"cart","then":\#(Self.count)}"#)
        let old = site.clientClass(for: Self.old), new = site.clientClass(for: Self.new)
        let unread = site.unreadSections(template: "p", client: old, deferred: [])
        #expect(unread == ["s"] && site.unreadSections(template: "p", client: new, deferred: []).isEmpty)
        #expect(site.entriesRead(template: "p", unread: unread) == ["title"])
        #expect(site.forwarding(of: "p").personal && site.forwarding(of: "p", unread: unread) == .none)
        // Worked out at load: the set an old client leaves unread, as it would be when asked.
        let page = try #require(site.templates["p"])
        #expect(page.unreadForwarding[["s"]] == Site.forwarding(of: page, unread: ["s"], sources: site.sources))
    }

    @Test func thePageWithoutTheEntryIsTheBytesOfThePageWithIt() throws {
        let site = try Self.site(#"{"$if":"cart","then":\#(Self.count)}"#)
        let title: JSONValue = .object(JSONObject(["text": .string("One")]))
        let cart: JSONValue = .object(JSONObject(["n": .string("2 items")]))
        for version in ["ios/5.0.0", "ios/6.1.0"] {
            let client = site.clientClass(for: Self.client(version))
            func render(_ data: [String: JSONValue]) -> RenderedPage? {
                guard case .page(let page) = site.render(template: "p", params: [:], data: data, client: client, variants: [:],
                                                         at: TestInstant.date) else { return nil }
                return page
            }
            let fetched = try #require(render(["title": title, "cart": cart]))
            let unfetched = try #require(render(["title": title]))
            #expect(fetched.body == unfetched.body && !String(decoding: fetched.body, as: UTF8.self).contains("count"))
            // The one difference: the component the data would have brought is not counted as dropped.
            #expect(fetched.fallbacks == 1 && unfetched.fallbacks == 0)
        }
    }

    func absent(_ then: String, with experiment: String) throws -> Bool {
        let site = try Fixtures.load(Fixtures.files([
            "pages/p.json": #"{"route":"/p","data":{"cart":{"source":"cart","key":"me"}},"root":{"id":"p","type":"page","data":{"children":[{"$section":"s","then":\#(then)}]}}}"#,
            "sources.json": #"{"sources":{"cart":{"url":"https://cart.test/{{key}}","forwardHeaders":["Authorization"]}}}"#,
            "rollout.json": #"{"experiments":[{"name":"\#(experiment)","pages":["p"],"salt":"s","variants":[{"name":"A","weight":1},{"name":"B","weight":1}]}]}"#,
        ], catalog: Self.catalog))
        return site.absentSections(template: "p", client: site.clientClass(for: Self.old)) == ["s"]
    }
}
