@testable import SDUI
import Testing
@testable import Trellis

/// How long an assembled page may be cached, from its data (SPEC §2.3).
@Suite struct PageCachePolicyTests {
    static func url(_ entry: String, ttl: Int?) -> DataRequest {
        DataRequest(entry: entry, source: "u", key: "k", required: false, timeoutMs: nil,
                    kind: .url(UpstreamSource(urlTemplate: "http://127.0.0.1:9/{{key}}", ttlSeconds: ttl)))
    }
    static let file = DataRequest(entry: "f", source: "s", key: "k", required: true, timeoutMs: nil, kind: .file(path: "data/s.json"))

    @Test func fileSourcesOnlyLiveUntilTheReloadAndUrlSourcesTheirShortestTTL() {
        #expect(PageCachePolicy.lifetime([Self.file], data: PageData()) == nil)
        #expect(PageCachePolicy.lifetime([Self.file, Self.url("a", ttl: 30), Self.url("b", ttl: 10)], data: PageData()) == .seconds(10))
        #expect(PageCachePolicy.lifetime([Self.url("a", ttl: nil)], data: PageData()) == .zero)
    }

    @Test func aUrlEntryWithNoValueOrAStaleOneIsNotCached() {
        let requests = [Self.file, Self.url("a", ttl: 30), Self.url("b", ttl: 10)]
        var optional = PageData()
        optional.missingOptional = ["b"]
        #expect(PageCachePolicy.lifetime(requests, data: optional) == .zero)
        var required = PageData()
        required.missingRequired = ["a"]
        #expect(PageCachePolicy.lifetime(requests, data: required) == .zero)
        var stale = PageData()
        stale.stale = ["a"]
        #expect(PageCachePolicy.lifetime(requests, data: stale) == .zero)
        var fileMissing = PageData()
        fileMissing.missingRequired = ["f"]
        #expect(PageCachePolicy.lifetime(requests, data: fileMissing) == .seconds(10), "a file entry's absence is no upstream's")
    }
}
