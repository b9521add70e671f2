import SDUI
import Testing
import TestSupport
@testable import Trellis

/// An event loop's memo of the last client version's labels (`ClientLabelMemo`) against reading
/// every version anew (`ClientClassLabels`), on generated runs of headers across two Pages
/// versions whose client classes differ: the same labels every time.
@Suite struct ClientLabelMemoTests {
    @Test func theMemoGivesTheLabelsReadingTheVersionGives() throws {
        let sample = SiteStore.Snapshot(site: PagePipelineTests.site, generation: 1)
        // The same Pages with the iOS 5.1.0 boundary moved to 5.3.0: other classes, one generation on.
        let moved = try EdgePurgerTests.snapshot(EdgePurgerTests.replacing("catalog.json", #""ios": "5.1.0""#, #""ios": "5.3.0""#))
        let bare = SiteStore.Snapshot(site: moved.site, generation: 2)
        let headers: [String?] = [nil, "ios/5.2.0", "ios/5.1.0", "ios/4.4.9", "ios/5.1.0-beta", "android/5.2.7", "web/1.1.0",
                                  "ios", "ios/5.2.0, ios/6.0.0", ""]
        var random = SeededGenerator(seed: 0xC1A5)
        let memo = ClientLabelMemo()
        var kinds = Set<[String]>()
        for _ in 0..<GeneratedCases.count(default: 2_000) {
            let snapshot = Int.random(in: 0..<8, using: &random) == 0 ? bare : sample
            let header = headers.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let expected = snapshot.clientLabels.labels(for: header.flatMap(ClientVersion.init(header:)))
                #expect(memo.labels(for: header, in: snapshot) == expected, "\(String(describing: header)) in generation \(snapshot.generation)")
                kinds.insert(expected)
            }
        }
        #expect(kinds.count > 4)
    }
}
