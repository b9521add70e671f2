import Foundation
import Testing
import TestSupport

@testable import SDUI

/// A page is streamed (written while its templates are evaluated) unless its fallbacks are
/// explained; explaining goes the evaluated tree's way. Both ways must give the same bytes and
/// the same tallies for every client, which these tests check over the sample pages with many
/// clients and over pages built to take back streamed components.
@Suite struct StreamingAssemblyTests {
    /// Renders both ways and expects one outcome; returns the explained (tree) one.
    @discardableResult
    static func expectAlike(_ site: Site, _ template: String, params: [String: String] = [:], data: [String: JSONValue],
                            client: ClientDescriptor, variants: [String: String] = [:], locale: String? = nil,
                            sourceLocation: SourceLocation = #_sourceLocation) -> RenderedPage? {
        func render(explain: Bool) -> RenderedPage? {
            switch site.render(template: template, params: params, data: data, client: site.clientClass(for: client),
                               variants: variants, locale: locale, at: TestInstant.date, explain: explain) {
            case .page(let page): page
            case .upgradeRequired: nil
            }
        }
        let streamed = render(explain: false), tree = render(explain: true)
        let context = "\(template) for \(client), variants \(variants), locale \(locale ?? "-")"
        #expect(streamed.map { String(decoding: $0.body, as: UTF8.self) } == tree.map { String(decoding: $0.body, as: UTF8.self) },
                "\(context)", sourceLocation: sourceLocation)
        #expect(streamed?.fallbacks == tree?.fallbacks, "\(context)", sourceLocation: sourceLocation)
        #expect(streamed?.fallbackTypes == tree?.fallbackTypes, "\(context)", sourceLocation: sourceLocation)
        #expect(streamed?.actionFallbackTypes == tree?.actionFallbackTypes, "\(context)", sourceLocation: sourceLocation)
        return tree
    }

    static let versions = ["ios/1.0.0", "ios/2.0.0", "ios/4.1.0", "ios/5.0.0", "ios/5.1.0", "ios/6.0.0", "ios/9.9.9",
                           "android/1.0.0", "android/4.0.0", "android/5.2.0", "web/1.0.0", "web/9.0.0"]

    @Test func samplePagesRenderAlikeForEveryClient() throws {
        let site = try Fixtures.load(SamplePagesTests.pagesFiles())
        let products = site.sources.fileValues["products"] ?? [:]
        var random = SeededGenerator(seed: 18)
        let types = site.catalog.types.map(\.name) + site.catalog.actions.types.map(\.name)
        var clients: [ClientDescriptor] = [.unknown] + Self.versions.map(Fixtures.client)
        for _ in 0..<40 {
            clients.append(.capabilities(Set(types.filter { _ in Bool.random(using: &random) }),
                                         version: Bool.random(using: &random) ? ClientVersion(header: "ios/5.0.0") : nil))
        }
        // Recommendations with a repeated id: `$each` makes two components with one id.
        let related = Fixtures.json(#"{"title":"You may also like","items":[{"id":"1","title":"A","price":"€1"},{"id":"2","title":"B","price":"€2"},{"id":"1","title":"A again","price":"€1"}]}"#)
        var pages = 0
        for template in site.templates.keys.sorted() {
            for id in products.keys.sorted().prefix(3) + ["404"] {
                let params = ["id": id, "category": "shoes"]
                var data = site.fileData(for: site.dataRequests(template: template, params: params))
                data["related"] = related
                for client in clients {
                    for variant in ["A", "B"] {
                        for locale in [nil] + (site.localization?.tags ?? []) {
                            if Self.expectAlike(site, template, params: params, data: data, client: client,
                                                variants: ["home-hero": variant], locale: locale) != nil { pages += 1 }
                        }
                    }
                }
            }
        }
        #expect(pages > 1_000)
    }

    /// A catalog whose `gate` needs a `key` it may lack, after slots that hold fallbacks,
    /// action fallbacks, required children and repeated ids (from data: `d.again` is `pic` and
    /// `d.one` is `1`, ids the gate may have served).
    static let catalog = """
    { "components": {
      "page": { "slots": ["children"] },
      "gate": { "slots": ["body"], "required": ["key"], "fields": { "count": { "type": "integer" } } },
      "text": { "required": ["text"], "fields": { "style": { "since": { "ios": "4.0.0" } } } },
      "image": { "required": ["url"], "since": { "ios": "2.0.0" }, "fallback": { "type": "text", "data": { "text": "{{alt}}" } } },
      "rating": { "required": ["value"], "since": { "ios": "6.0.0" } },
      "button": { "required": ["title", "action"], "fields": { "action": { "type": "action" } } }
    },
    "actions": { "navigate": { "required": ["url"] },
                 "share": { "required": ["url"], "since": { "ios": "5.0.0" }, "fallback": { "type": "navigate", "url": "{{url}}" } } } }
    """

    static let gatedPage = """
    [
      { "id": "intro", "type": "text", "data": { "text": "hi", "style": "body" } },
      { "id": "literal-share", "type": "button", "data": { "title": "Share", "action": { "type": "share", "url": "https://x/literal" } } },
      { "id": "g1", "type": "gate", "data": { "key": "{{d.key}}", "count": "{{d.count}}", "body": [
        { "id": "pic", "type": "image", "data": { "url": "https://x/1.png", "alt": "a picture" } },
        { "id": "share", "type": "button", "data": { "title": "Share", "action": { "type": "share", "url": "https://x" } } },
        { "$each": "d.items", "as": "item", "template": { "id": "item-{{item.id}}", "type": "text", "data": { "text": "{{item.text}}" } } },
        { "id": "inner", "type": "gate", "data": { "key": "{{d.innerKey}}", "body": [
          { "id": "stars", "type": "rating", "required": true, "data": { "value": 4 } } ] } }
      ] } },
      { "id": "{{d.again}}", "type": "image", "data": { "url": "https://x/2.png", "alt": "again" } },
      { "id": "item-{{d.one}}", "type": "text", "data": { "text": "after the gate" } }
    ]
    """

    static func gatedSite() throws -> Site {
        try Fixtures.load(Fixtures.files([
            "pages/p.json": #"{"route":"/p","data":{"d":{"source":"s","key":"d"}},"root":{"id":"p","type":"page","data":{"children":\#(gatedPage)}}}"#,
            "sources.json": #"{"sources":{"s":{"file":"data/s.json"}}}"#,
            "data/s.json": "{}",
        ], catalog: catalog))
    }

    @Test func aStreamedComponentLackingARequiredFieldIsTakenBackWithItsChildren() throws {
        let site = try Self.gatedSite()
        let items = #"[{"id":"1","text":"one"},{"id":"1","text":"one again"},{"id":"2","text":"two"}]"#
        let keyless = Fixtures.json(#"{"count":"3","items":\#(items),"innerKey":"k","again":"pic","one":"1"}"#)
        let page = try #require(Self.expectAlike(site, "p", data: ["d": keyless], client: Fixtures.client("ios/1.0.0")))
        let body = String(decoding: page.body, as: UTF8.self)
        // The gate went, and with it the fallbacks and ids of what it held: the later `pic` and
        // `item-1` are served, and only the later picture counts as a fallback.
        #expect(!body.contains(#""id":"g1""#) && body.contains("again") && body.contains("after the gate"))
        // The literal share action outside the gate is negotiated all the same.
        #expect(page.fallbacks == 1 && page.fallbackTypes == ["image": 1] && page.actionFallbackTypes == ["share": 1])
        #expect(body.contains(#"{"type":"navigate","url":"https://x/literal"}"#))
        for client in Self.versions.map(Fixtures.client) {
            Self.expectAlike(site, "p", data: ["d": keyless], client: client)
        }
    }

    @Test func aRequiredChildMakesAnUpgradeOnlyWhenItsParentIsKept() throws {
        let site = try Self.gatedSite()
        let innerKeyless = Fixtures.json(#"{"key":"k","count":3,"items":[],"again":"pic","one":"1"}"#)
        let kept = Fixtures.json(#"{"key":"k","count":3,"items":[],"innerKey":"k","again":"pic","one":"1"}"#)
        // The inner gate lacks its key: its required rating never matters.
        let page = try #require(Self.expectAlike(site, "p", data: ["d": innerKeyless], client: Fixtures.client("ios/5.0.0")))
        #expect(String(decoding: page.body, as: UTF8.self).contains(#""id":"g1""#))
        #expect(page.fallbacks == 0 && page.actionFallbackTypes == [:])
        // With it, the rating an ios/5 client can't render makes the page an upgrade.
        #expect(Self.expectAlike(site, "p", data: ["d": kept], client: Fixtures.client("ios/5.0.0")) == nil)
        #expect(Self.expectAlike(site, "p", data: ["d": kept], client: Fixtures.client("ios/6.0.0")) != nil)
        let old = try #require(Self.expectAlike(site, "p", data: ["d": innerKeyless], client: Fixtures.client("ios/4.0.0")))
        #expect(old.actionFallbackTypes == ["share": 2])
    }

    @Test func repeatedIdsAndWronglyTypedValuesAreDroppedAlike() throws {
        let site = try Self.gatedSite()
        let data = Fixtures.json(#"{"key":"k","count":"three","items":[{"id":"1","text":"one"},{"id":"1","text":"twice"}],"again":"pic","one":"1"}"#)
        let page = try #require(Self.expectAlike(site, "p", data: ["d": data], client: Fixtures.client("ios/9.0.0")))
        let body = String(decoding: page.body, as: UTF8.self)
        #expect(body.contains("one") && !body.contains("twice") && !body.contains("after the gate"))
        #expect(!body.contains("three"))
    }
}
