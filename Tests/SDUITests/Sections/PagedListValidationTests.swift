import Testing
@testable import SDUI

/// `validate`'s rules for paged lists (SPEC §10.2).
struct PagedListValidationTests {
    typealias F = SectionFixtures
    typealias P = PagedListTests

    /// The problems of a page whose only child is section `results` holding `paging`.
    func problems(_ paging: String, more: String = P.moreComponent, query: String = #"["q"]"#) -> [String] {
        Fixtures.problems(F.files("[\(P.section(paging, more: more))]", query: query))
    }

    let at = "pages/p.json:$.root.data.children[0].then.data.elements[0]"

    @Test func pageSizeIsFrom1To500() {
        #expect(problems(#""pageSize":500"#).isEmpty && problems(#""pageSize":1"#).isEmpty)
        for size in ["0", "501", "2.5", #""20""#] {
            #expect(problems(#""pageSize":\#(size)"#) == ["\(at).pageSize: \"pageSize\" is an integer from 1 to 500"])
        }
    }

    @Test func moreWithoutPageSizeOrNextIsAnError() {
        #expect(problems(#""cursor":"q""#) == ["\(at): \"more\" needs \"pageSize\" (the server pages the list) or \"next\" (the backend does)"])
        let bare = #"[{"$section":"results","then":{"id":"results","type":"column","data":{"elements":[{"$each":"recs.items","as":"item","template":{"id":"res-{{item.id}}","type":"text","data":{"text":"x"}},"more":\#(P.moreComponent)}]}}}]"#
        #expect(Fixtures.problems(F.files(bare)) == ["\(at): \"more\" needs \"pageSize\" (the server pages the list) or \"next\" (the backend does)"])
    }

    @Test func aPagedListNeedsMore() {
        let none = #"[{"$section":"results","then":{"id":"results","type":"column","data":{"elements":[{"$each":"recs.items","as":"item","pageSize":2,"template":{"id":"res-{{item.id}}","type":"text","data":{"text":"x"}}}]}}}]"#
        #expect(Fixtures.problems(F.files(none)) == ["\(at): a paged $each needs \"more\" (the component standing after a page)"])
    }

    @Test func moreLoadOutsideMoreIsAnError() {
        let problems = Fixtures.problems(F.files(#"[{"id":"s","type":"skeleton","data":{"onAppear":"{{more.load}}"}}]"#))
        #expect(problems == ["pages/p.json:$.root.data.children[0].data.onAppear: {{more.load}} stands only in a paged $each's \"more\""])
    }

    @Test func aPagedListOutsideASectionIsAnError() {
        let list = #"[{"$each":"recs.items","as":"item","pageSize":2,"template":{"id":"res-{{item.id}}","type":"text","data":{"text":"x"}},"more":\#(P.moreComponent)}]"#
        #expect(Fixtures.problems(F.files(list)) == [#"pages/p.json:$.root.data.children[0]: a paged $each (pageSize, next, more) stands in a $section's "then""#])
    }

    @Test func theTemplatesIdsBindTheItem() {
        let literal = #"[{"$section":"results","then":{"id":"results","type":"column","data":{"elements":[{"$each":"recs.items","as":"item","pageSize":2,"template":{"id":"res-{{title.text}}","type":"text","data":{"text":"x"}},"more":\#(P.moreComponent)}]}}}]"#
        #expect(Fixtures.problems(F.files(literal))
            == [#"\#(at).template.id: the ids of a paged $each's template bind the item ("id": "x-{{item.id}}"): they stay unique across pages"#])
    }

    @Test func aCursorIsADeclaredQueryParameterAndNextNeedsOne() {
        #expect(problems(#""next":"recs.next","cursor":"cursor""#, query: #"["q","cursor"]"#).isEmpty)
        #expect(problems(#""next":"recs.next","cursor":"cursor""#)
            == [#"pages/p.json:$.root.data.children[0]: a paged $each's "cursor" "cursor" is not a query parameter page "p" declares"#])
        #expect(problems(#""next":"recs.next""#) == ["\(at).cursor: \"next\" needs \"cursor\": the declared query parameter the next page is asked with"])
    }

    @Test func aSectionHoldsOnePagedList() {
        let list = #"{"$each":"recs.items","as":"item","pageSize":2,"template":{"id":"res-{{item.id}}","type":"text","data":{"text":"x"}},"more":\#(P.moreComponent)}"#
        let two = #"[{"$section":"results","then":{"id":"results","type":"column","data":{"elements":[\#(list),\#(list)]}}}]"#
        #expect(Fixtures.problems(F.files(two)).contains("pages/p.json:$.root.data.children[0].then: a section holds one paged $each (its _after pages)"))
    }
}
