@testable import SDUI
import Testing

/// The client classes of SPEC §12: per platform, the ranges between the catalog's and rollout's
/// boundaries (`softMinVersions` included), named by their lowest version.
@Suite struct ClientRangesTests {
    static let catalog = #"{"components":{"page":{"slots":["children"]},"text":{"required":["text"]},"#
        + #""image":{"required":["url"],"since":{"ios":"2.0.0"},"fields":{"alt":{"since":{"ios":"3.1.0"}}}},"#
        + #""badge":{"disabled":{"ios":[{"from":"5.3.0","below":"5.4.0"}]}}}}"#

    static func ranges() throws -> ClientRanges {
        let files = Fixtures.files(["rollout.json": #"{"minVersions":{"ios":"2.5.0"},"softMinVersions":{"ios":"4.0.0"}}"#,
                                    "fragments/update-banner.json": #"{"id":"b","type":"text","data":{"text":"x"}}"#,
                                    "pages/p.json": #"{"route":"/p","root":{"id":"p","type":"page","data":{"children":[]}}}"#],
                                   catalog: catalog)
        return try Site.load(files: files).get().clientRanges
    }

    @Test func eachBoundaryStartsARangeNamedByItsLowestVersion() throws {
        let ranges = try Self.ranges()
        func name(_ version: String) -> String { ranges.names[ranges.index(of: ClientVersion(header: version))] }
        #expect(name("ios/1.9.9") == "ios/0.0.0" && name("ios/2.0.0") == "ios/2.0.0" && name("ios/2.4.1") == "ios/2.0.0")
        #expect(name("ios/2.5.0") == "ios/2.5.0" && name("ios/3.1.0") == "ios/3.1.0" && name("ios/3.9.9") == "ios/3.1.0")
        #expect(name("ios/4.0.0") == "ios/4.0.0" && name("ios/5.3.7") == "ios/5.3.0" && name("ios/5.4.0") == "ios/5.4.0")
        // A pre-release sorts below its release (SemVer), so it is in the range below.
        #expect(name("ios/5.4.0-beta") == "ios/5.3.0")
        // A platform with no boundary is one class; no version is `none`.
        #expect(name("android/9.0.0") == "android/0.0.0" && ranges.names[ranges.index(of: nil)] == "none")
        #expect(ranges.versionShapesBodies)
    }
}
