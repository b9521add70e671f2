import Testing
import TestSupport
@testable import SDUI

/// A page's sections inline and deferred, and a section rendered alone (SPEC §10.1).
struct SectionRenderingTests {
    typealias F = SectionFixtures
    let then = #"{"id":"related","type":"carousel","data":{"items":[{"$each":"recs.items","as":"i","template":{"id":"r-{{i}}","type":"text","data":{"text":"{{i}}"}}}]}}"#
    let data: [String: JSONValue] = ["title": .object(JSONObject(["text": .string("One")])),
                                     "recs": .object(JSONObject(["items": .array([.string("a"), .string("b")])]))]

    @Test func aDeferredSectionIsItsPlaceholderWithTheLoadActionForAClientThatLoads() throws {
        let site = try Fixtures.load(F.files("[\(F.section(then: then))]"))
        #expect(site.canLoad(site.clientClass(for: F.ios6)) && !site.canLoad(site.clientClass(for: F.android)))
        let body = F.page(site, data: data, client: F.ios6, deferred: ["related"], query: ["q": "a b/é"])
        #expect(body == #"{"id":"p","type":"page","data":{"children":[{"id":"related","type":"skeleton","data":{"onAppear":{"type":"load","url":"/p/1?q=a%20b%2F%C3%A9&_section=related","target":"related","mode":"replace"}}}]}}"#)
    }

    @Test func whichSectionsAreDeferredFollowsTheClientAndDefer() throws {
        let auto = F.section(name: "later", defer: #""auto""#, id: "later", then: #"{"id":"later","type":"text","data":{"text":"x"}}"#)
        let never = F.section(name: "now", defer: "false", id: "now", then: #"{"id":"now","type":"text","data":{"text":"x"}}"#)
        let site = try Fixtures.load(F.files("[\(F.section(then: then)),\(auto),\(never)]"))
        #expect(site.deferredSections(template: "p", client: site.clientClass(for: F.ios6)) { _ in false } == ["related"])
        #expect(site.deferredSections(template: "p", client: site.clientClass(for: F.ios6)) { $0.name == "later" } == ["related", "later"])
        #expect(site.deferredSections(template: "p", client: site.clientClass(for: F.android)) { _ in true } == [])
    }

    @Test func aloneIsByteForByteTheSubtreeInline() throws {
        let site = try Fixtures.load(F.files(#"[{"id":"t","type":"text","data":{"text":"{{title.text}}"}},\#(F.section(then: then))]"#))
        for client in [F.ios6, F.ios4, F.android] {
            let page = F.page(site, data: data, client: client)
            let alone = F.alone(site, data: data, client: client)
            #expect(page.contains("," + alone + "]}}"), "\(client): \(alone) in \(page)")
        }
        // The old client gets the carousel's fallback, a column, and it counts once.
        guard case .component(let old) = site.renderSection("related", template: "p", params: ["id": "1"], data: data,
                                                            client: site.clientClass(for: F.ios4), variants: [:], at: TestInstant.date)
        else { Issue.record("no component"); return }
        #expect(old.fallbacks == 1 && String(decoding: old.body, as: UTF8.self).hasPrefix(#"{"id":"related","type":"column""#))
    }

    @Test func nothingStandsThereWhenAnIfAroundOrInsideIsFalseOrARequiredFieldHasNoValue() throws {
        let around = try Fixtures.load(F.files(#"[{"$if":"recs","then":\#(F.section(then: then))}]"#))
        #expect(F.alone(around, data: ["title": data["title"]!], client: F.ios6) == "NOTHING")
        let inside = try Fixtures.load(F.files("[\(F.section(then: #"{"$if":"recs","then":\#(then)}"#))]"))
        #expect(F.alone(inside, data: [:], client: F.ios6) == "NOTHING")
        let required = try Fixtures.load(F.files("[\(F.section(then: #"{"id":"related","type":"text","data":{"text":"{{recs.title}}"}}"#))]"))
        #expect(F.alone(required, data: data, client: F.ios6) == "NOTHING")
        let unrenderable = try Fixtures.load(F.files("[\(F.section(then: #"{"id":"related","type":"rating","data":{"value":1}}"#))]"))
        #expect(F.alone(unrenderable, data: data, client: F.ios4) == "NOTHING")
        #expect(F.alone(unrenderable, "unknown", data: data, client: F.ios6) == "NOTHING")
    }

    @Test func aRequiredComponentThatCantBeRenderedMakesTheAnswerTheUpgradePage() throws {
        let site = try Fixtures.load(F.files("[\(F.section(then: #"{"id":"related","type":"rating","required":true,"data":{"value":1}}"#))]"))
        #expect(F.alone(site, data: data, client: F.ios4) == "UPGRADE")
        #expect(F.page(site, data: data, client: F.ios4) == "UPGRADE")
    }

    @Test func nothingStandsThereWhenTheComponentHoldingItIsDropped() throws {
        let inner = F.section(then: #"{"id":"related","type":"text","data":{"text":"{{title.text}}"}}"#)
        let holder = #"[{"id":"holder","type":"carousel","fallback":null,"data":{"items":[\#(inner)]}}]"#
        let site = try Fixtures.load(F.files(holder))
        #expect(F.alone(site, data: data, client: F.ios4) == "NOTHING")
        #expect(F.alone(site, data: data, client: F.ios6) == #"{"id":"related","type":"text","data":{"text":"One"}}"#)
    }
}
