import Foundation
import Testing
import TestSupport

@testable import SDUI

/// SPEC §10.2's promise, as a property: for generated paged lists and every client that performs
/// `load`, splicing every `_after` page into the first page's list (each `more` replaced by the
/// array its url answers) gives exactly the list the same client gets when it can't `load` (the
/// same Pages with no `load` action): the same ids, and the same bytes per item; and the
/// `X-Fallbacks` of the section alone and of every `_after` page add up to the section's for
/// that client (SPEC §10.2: an `_after` page counts its items, written or dropped).
@Suite struct PagedListPropertyTests {
    static let cases = GeneratedCases.count(default: 300)
    static let loaders = ["ios/5.0.0", "ios/6.0.0", "web/1.0.0"].map { ClientDescriptor.version(ClientVersion(header: $0)!) }

    /// The item templates a list draws from: renderable by every client, by some (a fallback or a
    /// drop for the others), or dropped when the item has no text.
    static let templates = [
        #"{"id":"res-{{item.id}}","type":"text","data":{"text":"{{item.text}}"}}"#,
        #"{"id":"res-{{item.id}}","type":"rating","data":{"value":"{{item.id}}"}}"#,
        #"{"id":"res-{{item.id}}","type":"carousel","data":{"items":[{"id":"in-{{item.id}}","type":"text","data":{"text":"x"}}]}}"#,
        #"{"$if":"item.text","then":{"id":"res-{{item.id}}","type":"text","data":{"text":"{{item.text}}"}},"else":{"id":"res-{{item.id}}","type":"rating","data":{"value":1}}}"#,
    ]

    @Test func splicingEveryAfterPageGivesTheListOfAClientThatCantLoad() throws {
        var random = SeededGenerator(seed: 102)
        var spliced = 0
        for _ in 0..<Self.cases {
            let size = Int.random(in: 1...6, using: &random)
            let template = Self.templates.randomElement(using: &random)!
            let section = PagedListTests.section(#""pageSize":\#(size)"#)
                .replacingOccurrences(of: #"{"id":"res-{{item.id}}","type":"text","data":{"text":"{{item.id}}"}}"#, with: template)
            let loading = try Fixtures.load(SectionFixtures.files("[\(section)]"))
            let notLoading = try Fixtures.load(SectionFixtures.files("[\(section)]", catalog: Self.catalogWithoutLoad))
            let data = Self.data(count: Int.random(in: 0...20, using: &random), &random)
            for client in Self.loaders {
                let whole = Self.list(in: SectionFixtures.page(notLoading, data: data, client: client))
                var list = Self.list(in: SectionFixtures.page(loading, data: data, client: client))
                var pages = 0
                var counted = Self.fallbacks(loading, data: data, client: client, after: nil)
                while let last = list.last, let after = Self.after(last) {
                    let page = SectionFixtures.alone(loading, "results", data: data, client: client, after: after)
                    counted.merge(Self.fallbacks(loading, data: data, client: client, after: after)) { $0 + $1 }
                    guard case .array(let items)? = try? JSONParser.parse(Array(page.utf8)) else {
                        Issue.record("_after=\(after) answered \(page)")
                        return
                    }
                    list.removeLast()
                    list += items
                    pages += 1
                    guard pages <= 25 else { Issue.record("no end of \(data)"); return }
                }
                spliced += pages
                let bytes = { (values: [JSONValue]) in values.map { String(decoding: JSONWriter.encode($0), as: UTF8.self) } }
                #expect(bytes(list) == bytes(whole), "pageSize \(size), \(template), \(client), \(data)")
                // The `more` (a skeleton every loader renders) and the column count nothing.
                let all = Self.fallbacks(notLoading, data: data, client: client, after: nil)
                #expect(counted == all, "X-Fallbacks: pages \(counted), whole \(all); pageSize \(size), \(template), \(client), \(data)")
            }
        }
        #expect(spliced > 0)
    }

    /// What section `results` alone (from item `after` of its list) counts as replaced or dropped
    /// (`X-Fallbacks`, by original type, with the total under `"*"`), a 204's included.
    static func fallbacks(_ site: Site, data: [String: JSONValue], client: ClientDescriptor, after: Int?) -> [String: Int] {
        let counted: RenderedPage? = switch site.renderSection("results", template: "p", params: ["id": "1"], data: data,
                                                              client: site.clientClass(for: client), variants: [:],
                                                              at: TestInstant.date, after: after) {
        case .component(let page), .nothing(let page): page
        case .upgradeRequired: nil
        }
        guard let counted else { return ["UPGRADE": 1] }
        return counted.fallbackTypes.merging(["*": counted.fallbacks]) { $0 + $1 }
    }

    /// The section fixtures' catalog with no actions: no client performs `load`.
    static let catalogWithoutLoad = SectionFixtures.catalog.replacingOccurrences(
        of: #""actions": { "load": { "required": ["url", "target", "mode"], "since": { "ios": "5.0.0", "web": "1.0.0" } } }"#,
        with: #""actions": {}"#)

    /// `recs` with `count` items of distinct ids, some without text.
    static func data(count: Int, _ random: inout SeededGenerator) -> [String: JSONValue] {
        let items: [JSONValue] = (0..<count).map { index in
            var item = JSONObject(["id": .string("i\(index)")])
            if Bool.random(using: &random) { item.members.append(JSONObject.Member(key: "text", value: .string("t\(index)"))) }
            return .object(item)
        }
        return ["title": .object(JSONObject(["text": .string("One")])), "recs": .object(JSONObject(["items": .array(items)]))]
    }

    /// The elements of the `results` column in a page's body.
    static func list(in body: String) -> [JSONValue] {
        guard let page = try? JSONParser.parse(Array(body.utf8)),
              case .array(let children)? = page.child("data")?.child("children"),
              case .array(let elements)? = children.first?.child("data")?.child("elements") else { return [] }
        return elements
    }

    /// The `_after` of a `more` component's `load` url; nil for any other element.
    static func after(_ element: JSONValue) -> Int? {
        guard element.child("id")?.stringValue == "results-more",
              let url = element.child("data")?.child("onAppear")?.child("url")?.stringValue,
              let range = url.range(of: "&_after=") else { return nil }
        return Int(url[range.upperBound...])
    }
}
