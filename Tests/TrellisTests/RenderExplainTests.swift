import Foundation
import Testing

/// `trellis render --explain` (SPEC §8.2): a line per replaced or dropped component on stderr,
/// the body on stdout unchanged. Run at every instant of `SampleSchedule`: the sale banner
/// scheduled before the deals moves them one place down while it is active.
@Suite struct RenderExplainTests {
    @Test(arguments: SampleSchedule.instants)
    func explainNamesPathTypesAndReasonOnStderr(at instant: Date) throws {
        let pages = ServeEndToEndTests.pages, at = SampleSchedule.rfc3339(instant)
        let plain = try runTrellis(["render", "/home", "--pages", pages, "--client", "ios/4.9.0", "--at", at])
        let explained = try runTrellis(["render", "/home", "--pages", pages, "--client", "ios/4.9.0", "--explain", "--at", at])
        #expect(explained.status == 0)
        #expect(explained.stdout == plain.stdout)
        #expect(!plain.stderr.contains("carousel"))
        let deals = Self.dealsIndex(at: instant)
        let lines = explained.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("$.data.children[\(deals)].data.elements[1] (id deals-carousel) carousel -> column (ios/4.9.0 < since 5.0.0)"), "\(lines)")
        let modern = try runTrellis(["render", "/home", "--pages", pages, "--client", "ios/6.0.0", "--explain", "--at", at])
        #expect(modern.stderr.split(separator: "\n").count == 1, "\(modern.stderr)")
    }

    /// Where the sample `/home` holds its deals at `instant`: after the top bar, the hero and
    /// the categories, and after the sale banner while its window is open.
    static func dealsIndex(at instant: Date) -> Int {
        let banner = SampleSchedule.window(of: "sale-banner")
        return 3 + (banner?.contains(instant) == true ? 1 : 0)
    }
}
