import Testing
import TestSupport
@testable import SDUI

/// Lists that load more (SPEC §10.2): a page of a paged `$each`, its `more` and `{{more.load}}`,
/// `_after` pages, and a backend's own cursor.
struct PagedListTests {
    typealias F = SectionFixtures

    /// A section `results` holding a column whose elements are the paged `$each` `paging`.
    static func section(_ paging: String, more: String = moreComponent) -> String {
        F.section(name: "results", defer: "false", id: "results",
                  then: #"{"id":"results","type":"column","data":{"elements":[{"$each":"recs.items","as":"item",\#(paging),"template":{"id":"res-{{item.id}}","type":"text","data":{"text":"{{item.id}}"}},"more":\#(more)}]}}"#)
    }

    static let moreComponent = #"{"id":"results-more","type":"skeleton","data":{"onAppear":"{{more.load}}"}}"#

    /// `recs` with items `a0`… and, when given, the backend's cursor `next`.
    static func data(_ count: Int, next: JSONValue? = nil) -> [String: JSONValue] {
        var recs = JSONObject(["items": .array((0..<count).map { .object(JSONObject(["id": .string("a\($0)")])) })])
        if let next { recs.members.append(JSONObject.Member(key: "next", value: next)) }
        return ["title": .object(JSONObject(["text": .string("One")])), "recs": .object(recs)]
    }

    static func items(_ range: Range<Int>) -> String {
        range.map { #"{"id":"res-a\#($0)","type":"text","data":{"text":"a\#($0)"}}"# }.joined(separator: ",")
    }

    static func more(_ url: String) -> String {
        #"{"id":"results-more","type":"skeleton","data":{"onAppear":{"type":"load","url":"\#(url)","target":"results-more","mode":"splice"}}}"#
    }

    @Test func thePageAndTheSectionAloneEmitTheFirstPageThenMore() throws {
        let site = try Fixtures.load(F.files("[\(Self.section(#""pageSize":2"#))]"))
        let list = Self.items(0..<2) + "," + Self.more("/p/1?q=x&_section=results&_after=2")
        let section = #"{"id":"results","type":"column","data":{"elements":[\#(list)]}}"#
        #expect(F.page(site, data: Self.data(5), client: F.ios6, query: ["q": "x"]).contains(section))
        #expect(F.alone(site, "results", data: Self.data(5), client: F.ios6, query: ["q": "x"]) == section)
    }

    @Test func afterAnswersTheNextItemsThenMoreAdvancedAndPastTheEndNothing() throws {
        let site = try Fixtures.load(F.files("[\(Self.section(#""pageSize":2"#))]"))
        let alone = { (after: Int) in F.alone(site, "results", data: Self.data(5), client: F.ios6, after: after) }
        #expect(alone(2) == "[" + Self.items(2..<4) + "," + Self.more("/p/1?_section=results&_after=4") + "]")
        #expect(alone(4) == "[" + Self.items(4..<5) + "]")
        #expect(alone(5) == "[]")
        #expect(alone(1_000_000) == "[]")
    }

    @Test func noMoreWhenTheFirstPageHoldsEveryItem() throws {
        let site = try Fixtures.load(F.files("[\(Self.section(#""pageSize":3"#))]"))
        #expect(F.alone(site, "results", data: Self.data(3), client: F.ios6)
            == #"{"id":"results","type":"column","data":{"elements":[\#(Self.items(0..<3))]}}"#)
    }

    @Test func aClientThatCantLoadGetsEveryItemAndNoMore() throws {
        let site = try Fixtures.load(F.files("[\(Self.section(#""pageSize":2"#))]"))
        // ios 4 can't load, nor render a skeleton's action; android can't load: both get all five.
        for client in [F.ios4, F.android] {
            let page = F.page(site, data: Self.data(5), client: client)
            #expect(page.contains(Self.items(0..<5) + "]") && !page.contains("results-more"), "\(client): \(page)")
        }
    }

    @Test func anAfterPageCountsItsOwnFallbacks() throws {
        let rating = #"{"$each":"recs.items","as":"item","pageSize":2,"template":{"id":"res-{{item.id}}","type":"rating","data":{"value":1}},"more":\#(Self.moreComponent)}"#
        let site = try Fixtures.load(F.files("[\(F.section(name: "results", defer: "false", id: "results", then: #"{"id":"results","type":"column","data":{"elements":[\#(rating)]}}"#))]"))
        // ios 5 can load but renders no rating (ios 6): both items of the page are dropped.
        let ios5 = ClientDescriptor.version(ClientVersion(header: "ios/5.0.0")!)
        guard case .component(let page) = site.renderSection("results", template: "p", params: ["id": "1"], data: Self.data(5),
                                                             client: site.clientClass(for: ios5), variants: [:], at: TestInstant.date, after: 2)
        else { Issue.record("no component"); return }
        #expect(page.fallbacks == 2 && String(decoding: page.body, as: UTF8.self) == "[" + Self.more("/p/1?_section=results&_after=4") + "]")
    }

    @Test func aBackendCursorGivesTheWholeBackendPageThenMoreWhileNextHasAValue() throws {
        let site = try Fixtures.load(F.files("[\(Self.section(#""next":"recs.next","cursor":"cursor""#))]", query: #"["q","cursor"]"#))
        let query = ["q": "jacket", "cursor": "c1"]
        let url = "/p/1?q=jacket&cursor=n%2F2%20x&_section=results&_after=0"
        let list = Self.items(0..<3) + "," + Self.more(url)
        #expect(F.alone(site, "results", data: Self.data(3, next: .string("n/2 x")), client: F.ios6, query: query)
            == #"{"id":"results","type":"column","data":{"elements":[\#(list)]}}"#)
        #expect(F.alone(site, "results", data: Self.data(3, next: .string("n/2 x")), client: F.ios6, query: query, after: 0) == "[\(list)]")
        for last in [JSONValue.null, .string("")] {
            #expect(F.alone(site, "results", data: Self.data(2, next: last), client: F.ios6, query: query, after: 0) == "[\(Self.items(0..<2))]")
        }
        #expect(F.alone(site, "results", data: Self.data(2), client: F.ios6, query: query, after: 0) == "[\(Self.items(0..<2))]")
        #expect(!F.page(site, data: Self.data(3, next: .string("n")), client: F.android).contains("results-more"))
    }

    @Test func sectionsKnowWhetherTheyHoldAPagedList() throws {
        let site = try Fixtures.load(F.files("[\(Self.section(#""pageSize":2"#)),\(F.section(then: #"{"id":"related","type":"text","data":{"text":"x"}}"#))]"))
        let routed = try #require(site.match(path: "/p/1")).sections
        #expect(routed.map(\.name) == ["results", "related"] && routed.map(\.paged) == [true, false])
        #expect(site.sections(of: "p").map(\.paged) == [true, false])
    }
}
