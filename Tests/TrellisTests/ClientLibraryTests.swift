import Foundation
import Testing
import TestSupport
import TrellisClient
@testable import Trellis

/// TrellisClient against what the server really serves: every page of the sample shop, and
/// each of its sections fetched alone, for every client class `diff` enumerates, decodes into
/// a `Component` tree.
@Suite struct ClientLibraryTests {
    @Test func everyPageOfTheSampleShopDecodesForEveryClientClass() throws {
        let site = PagePipelineTests.site
        let sweep = ClientSweep(sites: [site], overrides: ["/product/999"] )
        let pipeline = PagePipeline(site: site, upstream: nil)
        var decoded = 0
        for sample in ClientSweep(sites: [site]).samples + sweep.samples {
            let body = try #require(pipeline.answer(sample.request, date: TestInstant.date).representation?.result.body)
            if sample.section != nil, body.isEmpty { continue }  // 204: nothing stands there for this client
            let root = try JSONDecoder().decode(Component.self, from: Data(body))
            // A section alone is its component, or the upgrade or not-found page in its place.
            if sample.section == nil { #expect(root.type == "page", "\(sample.path) \(sample.client)") }
            // Every component of the body is in the tree (unknown types keep their children).
            let ids = root.allComponents.map(\.id)
            #expect(Set(ids).count == ids.count)
            #expect(ids.count == ServedPage(sample, pipeline: pipeline, at: TestInstant.date)?.components.count, "\(sample.path) \(sample.client)")
            decoded += 1
        }
        #expect(decoded > 50)
    }
}
