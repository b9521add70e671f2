import Testing
@testable import SDUI

/// The compiler's own state, changed only through its events: include cycles found while a
/// fragment is being expanded, and a schedule of its own for each whole template.
@Suite struct TemplateCompilerStateTests {
    func compiler(fragments: [String: String]) throws -> TemplateCompiler {
        let site = try Fixtures.load(Fixtures.page(#"[]"#))
        return TemplateCompiler(catalog: site.catalog, fragments: fragments.mapValues(Fixtures.json))
    }

    @Test func enteringAFragmentAlreadyBeingExpandedReportsTheCycle() throws {
        var compiler = try compiler(fragments: ["a": #"{"$include":"b"}"#, "b": #"{"$include":"a"}"#])
        #expect(compiler.compileFragment("a") == nil)
        #expect(compiler.problems.sorted.map(\.description) == ["fragments/b.json:$.$include: include cycle: a → b → a"])
        #expect(compiler.entering(fragment: "a", from: "x.json", "$") { _ in 1 } == 1)
    }

    @Test func eachWholeTemplateHasItsOwnScheduleEdges() throws {
        var compiler = try compiler(fragments: [
            "late": #"{"id":"l","type":"divider","activeFrom":"2030-01-01T00:00:00Z"}"#,
            "plain": #"{"id":"p","type":"divider"}"#,
        ])
        #expect(compiler.compileFragment("late")?.edges == [1_893_456_000])
        #expect(compiler.compileFragment("plain")?.edges == [])
        #expect(compiler.problems.isEmpty)
    }

    @Test func reportedProblemsAreTheCompilers() throws {
        var compiler = try compiler(fragments: [:])
        compiler.report("pages/p.json", "$", "a problem")
        #expect(compiler.problems.sorted.map(\.description) == ["pages/p.json:$: a problem"])
    }
}
