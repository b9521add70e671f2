import Foundation
import Testing
@testable import SDUI

/// The shared bench folder validates and renders byte for byte as its recorded payload.
@Suite struct BenchPagesTests {
    @Test func benchHomeRendersExactlyThePayload() throws {
        let bench = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/bench").standardized.path
        var files: [String: [UInt8]] = [:]
        for path in ["catalog.json", "rollout.json", "sources.json", "pages/home.json", "pages/upgrade.json", "pages/not-found.json"] {
            guard let data = FileManager.default.contents(atPath: bench + "/Pages/" + path) else { return }  // no shared/ here
            files[path] = Array(data)
        }
        guard let expected = FileManager.default.contents(atPath: bench + "/payload/home.json") else { return }
        let site = try Fixtures.load(files)
        let page = try #require(Fixtures.renderPage(site, "home", client: Fixtures.client("ios/5.0.0")))
        #expect(page.body == Array(expected))
    }
}
