import Testing
@testable import SDUI

/// `validate` checks bindings (SPEC §13): an unknown first part is an error; a path no record
/// of a `file` source (or a `url` source's `sample`) has is a warning; both say what is close.
@Suite struct BindingValidationTests {
    static let entries = #"{"product":{"source":"s","key":"{{params.id}}"},"related":{"source":"u","key":"{{params.id}}"}}"#
    static let records = #"{"1":{"title":"Shoes","price":{"amount":"9.00"},"items":[{"title":"Socks"}]},"2":{"title":"Hat","badge":"new"}}"#

    /// The folder with page `p` (route `/p/:id`, the entries above, `children`) and `extra` files.
    static func files(_ children: String, extra: [String: String] = [:]) -> [String: [UInt8]] {
        var all = ["data/s.json": records].merging(extra) { $1 }
        all["pages/p.json"] = #"{"route":"/p/:id","query":["q"],"data":\#(entries),"root":{"id":"p","type":"page","data":{"children":\#(children)}}}"#
        all["sources.json"] = all["sources.json"] ?? #"{"sources":{"s":{"file":"data/s.json"},"u":{"url":"http://127.0.0.1:9/x/{{key}}"}}}"#
        return Fixtures.files(all)
    }

    static func text(_ binding: String) -> String { #"[{"id":"t","type":"text","data":{"text":"\#(binding)"}}]"# }

    static func warnings(_ children: String, extra: [String: String] = [:]) throws -> [String] {
        try Fixtures.load(files(children, extra: extra)).warnings.map(\.description)
    }

    @Test func aNameNothingBindsIsAnErrorSayingWhatIsClose() {
        #expect(Fixtures.problems(Self.files(Self.text("{{prodct.title}}"))) == [
            #"pages/p.json:$.root.data.children[0].data.text: "{{prodct.title}}": no data entry, parameter or item named "prodct" (did you mean "product"?)"#,
        ])
        #expect(Fixtures.problems(Self.files(Self.text("a {{PRODUCT.title}} and {{zzz}}"))) == [
            #"pages/p.json:$.root.data.children[0].data.text: "{{PRODUCT.title}}": no data entry, parameter or item named "PRODUCT" (did you mean "product"?)"#,
            #"pages/p.json:$.root.data.children[0].data.text: "{{zzz}}": no data entry, parameter or item named "zzz""#,
        ])
    }

    @Test func entriesAndWhatTheServerBindsAreKnown() throws {
        // `section.load` and `more.load` are known too, but stand only in a section's placeholder
        // and a paged list's `more` (SectionValidationTests, PagedListValidationTests).
        // `result` and `input` are an action's (ActionFilesTests, below).
        let bound = ["product.title", "related.anything", "params.id", "query.q", "locale"]
        let children = "[" + bound.enumerated().map { #"{"id":"t\#($0)","type":"text","data":{"text":"{{\#($1)}}"}}"# }
            .joined(separator: ",") + "]"
        #expect(try Self.warnings(children) == [])
    }

    @Test func resultAndInputHaveNoValueOnAPageOrInTheFragmentsItIncludes() {
        let extra = ["fragments/f.json": #"{"id":"f","type":"text","data":{"text":"Sold out: {{result.reason}}"}}"#]
        let children = #"[{"id":"t","type":"text","data":{"text":"{{result.description}}"}},{"$if":"input.productId","then":{"id":"d","type":"divider"}},{"$include":"f"}]"#
        #expect(Fixtures.problems(Self.files(children, extra: extra)) == [
            #"fragments/f.json:$.data.text: "{{result.reason}}": no "result" on page "p" (only an action's ops bind "result")"#,
            #"pages/p.json:$.root.data.children[0].data.text: "{{result.description}}": no "result" on a page (only an action's ops bind "result")"#,
            #"pages/p.json:$.root.data.children[1].$if: "input.productId": no "input" on a page (only an action's ops bind "input")"#,
        ])
        // A data entry or an `$each` item may take the name: then it is theirs.
        let item = #"[{"$each":"related.items","as":"result","template":{"id":"r-{{result.id}}","type":"divider"}}]"#
        #expect(Fixtures.problems(Self.files(item)) == [])
    }

    @Test func anActionsOwnFallbackBindsItsFieldsSoInputIsFineThere() {
        // A `submit` whose fallback passes its own `input` on (as Pages/pages/product.json does).
        let catalog = """
            { "components": { "page": { "slots": ["children"] }, "text": { "required": ["text"] }, "divider": {},
                              "button": { "required": ["title", "action"], "fields": { "action": { "type": "action" } } } },
              "actions": { "submit": { "required": ["action"], "since": { "ios": "5.1.0" } }, "add": { "required": ["productId"] } } }
            """
        let button = #"[{"id":"b","type":"button","data":{"title":"Buy","action":{"type":"submit","action":"buy","input":{"productId":"{{product.title}}"},"fallback":{"type":"add","productId":"{{input.productId}}"}}}}]"#
        var files = Self.files(button, extra: ["actions/buy.json": #"{"input":{"productId":{"type":"string"}},"upstream":{"url":"http://x/y"}}"#])
        files["catalog.json"] = Array(catalog.utf8)
        #expect(Fixtures.problems(files) == [])
    }

    @Test func directivesAndIdsAreChecked() {
        let children = #"[{"$if":"relatd","then":{"id":"a","type":"divider"}},{"$each":"{{relatd.items}}","as":"i","template":{"id":"b-{{i.id}}","type":"divider"}},{"id":"{{pid}}","type":"divider"}]"#
        #expect(Fixtures.problems(Self.files(children)) == [
            #"pages/p.json:$.root.data.children[0].$if: "relatd": no data entry, parameter or item named "relatd" (did you mean "related"?)"#,
            #"pages/p.json:$.root.data.children[1].$each: "relatd.items": no data entry, parameter or item named "relatd" (did you mean "related"?)"#,
            #"pages/p.json:$.root.data.children[2].id: "{{pid}}": no data entry, parameter or item named "pid""#,
        ])
    }

    @Test func anEachItemIsKnownOnlyInsideItsTemplate() {
        let children = #"[{"$each":"related.items","as":"item","template":{"id":"i-{{item.id}}","type":"text","data":{"text":"{{item.title}}"}}},{"id":"after","type":"text","data":{"text":"{{item.title}}"}}]"#
        #expect(Fixtures.problems(Self.files(children)) == [
            #"pages/p.json:$.root.data.children[1].data.text: "{{item.title}}": no data entry, parameter or item named "item""#,
        ])
    }

    @Test func aPathNoRecordOfAFileSourceHasIsAWarning() throws {
        #expect(try Self.warnings(Self.text("{{product.titel}} {{product.badge}} {{product.price.amont}} {{product.items.0.title}}")) == [
            #"pages/p.json:$.root.data.children[0].data.text: warning: "product.price.amont": no record of data/s.json has "price.amont" (did you mean "price.amount"?)"#,
            #"pages/p.json:$.root.data.children[0].data.text: warning: "product.titel": no record of data/s.json has "titel" (did you mean "title"?)"#,
        ])
        #expect(try Self.warnings(Self.text("{{product.colour}}")) == [
            #"pages/p.json:$.root.data.children[0].data.text: warning: "product.colour": no record of data/s.json has "colour""#,
        ])
    }

    @Test func anEachItemIsCheckedAgainstTheArraysElements() throws {
        let children = #"[{"$each":"product.items","as":"it","template":{"id":"i","type":"text","data":{"text":"{{it.title}} {{it.titel}}"}}}]"#
        #expect(try Self.warnings(children) == [
            #"pages/p.json:$.root.data.children[0].template.data.text: warning: "it.titel": no record of data/s.json has "items[].titel" (did you mean "items[].title"?)"#,
        ])
    }

    @Test func aFragmentIsCheckedAgainstEveryPageThatIncludesIt() {
        let extra = ["fragments/f.json": #"{"id":"f","type":"text","data":{"text":"{{product.title}}"}}"#,
                     "pages/q.json": #"{"route":"/q","root":{"id":"q","type":"page","data":{"children":[{"$include":"f"}]}}}"#]
        #expect(Fixtures.problems(Self.files(#"[{"$include":"f"}]"#, extra: extra)) == [
            #"fragments/f.json:$.data.text: "{{product.title}}": no data entry, parameter or item named "product" on page "q""#,
        ])
    }

    @Test func aURLSourcesSampleGetsTheSameCheck() throws {
        let sources = #"{"sources":{"s":{"file":"data/s.json"},"u":{"url":"http://127.0.0.1:9/x/{{key}}","sample":"data/u.sample.json"}}}"#
        let extra = ["sources.json": sources, "data/u.sample.json": #"{"1":{"title":"You may also like","items":[{"id":"2"}]}}"#]
        let children = #"[{"id":"t","type":"text","data":{"text":"{{related.tite}}"}},{"$each":"related.items","as":"r","template":{"id":"r-{{r.id}}","type":"text","data":{"text":"{{r.name}}"}}}]"#
        #expect(try Self.warnings(children, extra: extra) == [
            #"pages/p.json:$.root.data.children[0].data.text: warning: "related.tite": no record of data/u.sample.json has "tite" (did you mean "title"?)"#,
            #"pages/p.json:$.root.data.children[1].template.data.text: warning: "r.name": no record of data/u.sample.json has "items[].name""#,
        ])
    }

    @Test func aSampleMustBeADataFileHoldingAnObject() {
        let sources = #"{"sources":{"s":{"file":"data/s.json"},"u":{"url":"http://127.0.0.1:9/x/{{key}}","sample":"data/none.json"},"v":{"url":"http://127.0.0.1:9/v/{{key}}","sample":"data/list.json"},"w":{"url":"http://127.0.0.1:9/w/{{key}}","sample":"related.json"}}}"#
        #expect(Fixtures.problems(Self.files("[]", extra: ["sources.json": sources, "data/list.json": "[1]"])) == [
            "data/list.json:$: a file source or sample holds a JSON object keyed by id",
            #"sources.json:$.sources.u.sample: missing file "data/none.json""#,
            #"sources.json:$.sources.w.sample: expected a path like "data/products.json""#,
        ])
    }

    @Test func fallbacksBindTheOriginalComponentsFieldsNotThePages() throws {
        let children = #"[{"id":"i","type":"image","data":{"url":"{{product.title}}"},"fallback":{"type":"text","data":{"text":"{{alt}} {{url}}"}}}]"#
        #expect(try Self.warnings(children) == [])
    }

    @Test func didYouMeanTakesTheClosestWithinTwoEditsOrACaseInsensitiveMatch() {
        #expect(Suggestion.closest(to: "titel", among: ["title", "badge"]) == "title")
        #expect(Suggestion.closest(to: "TITLE", among: ["badge", "title"]) == "title")
        #expect(Suggestion.closest(to: "pricee", among: ["prize", "price", "product"]) == "price")
        #expect(Suggestion.closest(to: "colour", among: ["title", "badge"]) == nil)
        #expect(Suggestion.levenshtein(Array("kitten"), Array("sitting")) == 3)
    }
}
