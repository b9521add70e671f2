import HTTPServer
import SDUI
import Testing
@testable import Trellis

/// The `platform` and `class` labels of `trellis_requests_total` (SPEC §13) against the sample
/// Pages, whose iOS boundaries are 2.0.0, 4.0.0 (minVersions), 4.1.0, 4.5.0 (softMinVersions),
/// 5.0.0, 5.1.0 and 6.0.0.
@Suite struct ClientClassLabelsTests {
    private let labels = ClientClassLabels(site: PagePipelineTests.site)

    private func labels(_ header: String?) -> [String] {
        labels.labels(for: HTTPHeaders(header.map { [("X-Client-Version", $0)] } ?? []))
    }

    @Test func aVersionIsNamedByTheGreatestBoundaryAtOrBelowIt() {
        #expect(labels("ios/5.2.0") == ["ios", "ios/5.1.0"])
        #expect(labels("ios/5.1.0") == ["ios", "ios/5.1.0"])
        #expect(labels("ios/5.0.9") == ["ios", "ios/5.0.0"])
        #expect(labels("ios/6.3.1") == ["ios", "ios/6.0.0"])
        #expect(labels("android/5.2.7") == ["android", "android/5.2.0"])
        #expect(labels("web/1.1.0") == ["web", "web/1.0.0"])
    }

    @Test func belowEveryBoundaryIsZero() {
        #expect(labels("ios/1.9.0") == ["ios", "ios/0.0.0"])
        #expect(labels("web/0.1.0") == ["web", "web/0.0.0"])
    }

    @Test func theSoftMinimumStartsAClassOfItsOwn() {
        #expect(labels("ios/4.4.9") == ["ios", "ios/4.1.0"])
        #expect(labels("ios/4.5.0") == ["ios", "ios/4.5.0"])
    }

    @Test func aPreReleaseIsBelowItsRelease() {
        #expect(labels("ios/5.1.0-beta") == ["ios", "ios/5.0.0"])
    }

    @Test func noVersionOrAnInvalidOneIsNone() {
        #expect(labels(nil) == ["none", "none"])
        #expect(labels("iOS/5.0.0") == ["none", "none"])
        #expect(labels("ios/five") == ["none", "none"])
    }

    /// Whatever versions clients send, the class label takes only the boundaries' names.
    @Test func theLabelsAreABoundedSet() {
        var seen = Set<[String]>()
        for major in 0..<12 {
            for minor in 0..<12 {
                for platform in ["ios", "android", "web"] { seen.insert(labels("\(platform)/\(major).\(minor).\(major * minor)")) }
            }
        }
        let boundaries = Platform.allCases.map { PagePipelineTests.site.versionBoundaries(of: $0).count + 2 }.reduce(0, +)
        #expect(seen.count <= boundaries)
        #expect(seen.allSatisfy { $0[1].hasPrefix($0[0] + "/") })
    }
}
