import Testing
@testable import SDUI

/// `validate`'s rules for sections (SPEC §10.1).
struct SectionValidationTests {
    typealias F = SectionFixtures
    let carousel = #"{"id":"related","type":"carousel","data":{"items":[]}}"#

    @Test func aWellFormedSectionLoads() throws {
        let site = try Fixtures.load(F.files("[\(F.section(then: carousel))]"))
        #expect(site.sections(of: "p").map(\.name) == ["related"])
        #expect(site.sections(of: "p").first?.deferral == .always)
    }

    @Test func sectionLoadOutsideAPlaceholderIsAnError() {
        let problems = Fixtures.problems(F.files(#"[{"id":"s","type":"skeleton","data":{"onAppear":"{{section.load}}"}}]"#))
        #expect(problems == ["pages/p.json:$.root.data.children[0].data.onAppear: {{section.load}} stands only in a $section's placeholder"])
    }

    @Test func aPlaceholderWhoseIdDiffersFromThensIsAnError() {
        let problems = Fixtures.problems(F.files("[\(F.section(id: "other", then: carousel))]"))
        #expect(problems == [#"pages/p.json:$.root.data.children[0].placeholder.id: a placeholder has its section's id "related", not "other""#])
    }

    @Test func aDuplicateNameIsAnError() {
        let other = #"{"id":"other","type":"text","data":{"text":"x"}}"#
        let problems = Fixtures.problems(F.files("[\(F.section(then: carousel)),\(F.section(id: "other", then: other))]"))
        #expect(problems == [#"pages/p.json:$.root.data.children[1]: duplicate $section "related" on page "p""#])
    }

    @Test func aSectionInsideEachOrAnotherSectionIsAnError() {
        let inEach = #"[{"$each":"recs.items","as":"item","template":\#(F.section(defer: "false", then: carousel))}]"#
        #expect(Fixtures.problems(F.files(inEach)) == [
            #"pages/p.json:$.root.data.children[0].template: $section "related" stands inside $each (its items repeat)"#,
        ])
        let inner = F.section(name: "inner", defer: "false", id: "inner", then: #"{"id":"inner","type":"text","data":{"text":"x"}}"#)
        let nested = #"[\#(F.section(then: #"{"id":"related","type":"column","data":{"elements":[\#(inner)]}}"#))]"#
        #expect(Fixtures.problems(F.files(nested)) == [
            #"pages/p.json:$.root.data.children[0].then.data.elements[0]: $section "inner" stands inside $section "related" (sections don't nest)"#,
        ])
    }

    @Test func aDeferredSectionNeedsTheCatalogsLoadAction() {
        let noLoad = F.catalog.replacingOccurrences(of: #""load""#, with: #""fetch""#)
        #expect(Fixtures.problems(F.files("[\(F.section(then: carousel))]", catalog: noLoad)) == [
            #"pages/p.json:$.root.data.children[0].defer: a deferred section needs the catalog's "load" action (actions.load)"#,
        ])
        // A section that is never deferred needs no `load` action.
        #expect(Fixtures.problems(F.files("[\(F.section(defer: "false", then: carousel))]", catalog: noLoad)).isEmpty)
    }

    @Test func thenYieldsAtMostOneComponentAndNamesAreShortLowercase() {
        let two = #"[\#(carousel),\#(carousel)]"#
        #expect(Fixtures.problems(F.files("[\(F.section(then: two))]")).contains(
            #"pages/p.json:$.root.data.children[0].then: a section's "then" is one component, or a directive that yields at most one"#))
        #expect(Fixtures.problems(F.files("[\(F.section(name: "Related", then: carousel))]")) == [
            "pages/p.json:$.root.data.children[0].$section: a section name is 1 to 64 characters a-z 0-9 -",
        ])
    }

    @Test func queryNamesStartingWithAnUnderscoreAreReserved() {
        let files = Fixtures.files(["pages/p.json": #"{"route":"/p","query":["_section"],"root":{"id":"p","type":"page","data":{"children":[]}}}"#])
        #expect(Fixtures.problems(files) == ["pages/p.json:$.query[0]: query names starting with _ are reserved for the server (_section, _after)"])
    }

    @Test func aSectionsEntriesAreThoseItsThenAndTheIfsAroundItBind() throws {
        let then = #"{"id":"related","type":"text","data":{"text":"{{recs.title}}"}}"#
        let guarded = #"[{"$if":"title","then":\#(F.section(then: then))}]"#
        let site = try Fixtures.load(F.files(guarded))
        #expect(site.sections(of: "p").first?.entries == ["title", "recs"])
        #expect(site.entriesRead(template: "p", section: "related") == ["title", "recs"])
        // With the section deferred, the page reads `title` (required, and its `$if`) only.
        #expect(site.entriesRead(template: "p", unread: ["related"]) == ["title"])
        #expect(site.entriesRead(template: "p", unread: []) == nil)
    }
}
