import Testing

/// `trellis render --explain` (SPEC §8.2): a line per replaced or dropped component on stderr,
/// the body on stdout unchanged.
@Suite struct RenderExplainTests {
    @Test func explainNamesPathTypesAndReasonOnStderr() throws {
        let pages = ServeEndToEndTests.pages
        let plain = try runTrellis(["render", "/home", "--pages", pages, "--client", "ios/4.9.0"])
        let explained = try runTrellis(["render", "/home", "--pages", pages, "--client", "ios/4.9.0", "--explain"])
        #expect(explained.status == 0)
        #expect(explained.stdout == plain.stdout)
        #expect(!plain.stderr.contains("carousel"))
        let lines = explained.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("$.data.children[3].data.elements[1] carousel -> column (ios/4.9.0 < since 5.0.0)"), "\(lines)")
        let modern = try runTrellis(["render", "/home", "--pages", pages, "--client", "ios/6.0.0", "--explain"])
        #expect(modern.stderr.split(separator: "\n").count == 1, "\(modern.stderr)")
    }
}
