import HTTPServer
import SDUI
import Synchronization
import Testing
import TestSupport
@testable import Trellis

/// `trellis bench`: zlib alone next to the uncached request, the name filter, the level table,
/// the sample action's checks.
@Suite struct MicroBenchmarksTests {
    static let pages = ServerProcess.packageRoot + "/Pages"

    @Test func onlyTheMatchingBenchmarksRun() {
        let table = MicroBenchmarks.run(pages: Self.pages, benchPages: nil, matching: "/product/3: uncached request: zlib")
        let rows = table.split(separator: "\n").dropFirst(2)
        #expect(rows.count == 1)
        #expect(rows.first?.hasPrefix("| /product/3: uncached request: zlib alone, same body (level \(Gzip.cachedLevel), reused stream) | ") == true)
    }

    @Test func theChecksOfTheSampleActionsBadInputAreARowOfTheirOwn() throws {
        let table = MicroBenchmarks.run(pages: Self.pages, benchPages: nil, matching: "/_actions/add-to-cart: checks")
        let rows = table.split(separator: "\n").dropFirst(2)
        #expect(rows.count == 1)
        #expect(rows.first?.hasPrefix("| /_actions/add-to-cart: checks, bad input (61 B body: 400 bad_input) | ") == true)
        // The body the row checks is refused for its input, as bench/action_cost.sh posts it.
        guard case .success(let site) = PagesLoader.load(PagesFolder(path: Self.pages)) else { Issue.record("Pages"); return }
        let request = HTTPRequest(method: "POST", target: "/_actions/add-to-cart", headers: HTTPHeaders([("Content-Type", "application/json")]),
                                  body: Array(MicroBenchmarks.badActionBody.utf8))
        guard case .failure(let error) = ActionCheck.check(request, site: site, maxBody: 1 << 20, cors: nil) else {
            Issue.record("the bad input passed")
            return
        }
        #expect(error.error.code == "bad_input" && String(decoding: error.body, as: UTF8.self).contains(#""fields":{"quantity":"#))
    }

    @Test func theRatioRowDividesTheMediansWhenBothRan() {
        var table = BenchmarkTable(matching: "miss")
        table.ratio("miss / zlib", .microseconds(90), .microseconds(40))
        table.ratio("miss / nothing", .microseconds(90), nil)
        table.ratio("other", .microseconds(90), .microseconds(40))
        #expect(table.text.hasSuffix("|---|---|---|---|\n| miss / zlib | 2.25x | - | - |"))
    }

    @Test func theLevelTableHasLevelsOneToNinePerBody() {
        let rows = MicroBenchmarks.gzipLevels(pages: Self.pages, benchPages: nil).split(separator: "\n").dropFirst(2)
        let cells = rows.map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(cells.allSatisfy { $0[0].hasPrefix("/product/3 (") })
        #expect(cells.map { Int($0[1]) } == (1...9).map { $0 })
    }

    @Test func theProductPageIsAlsoMeasuredWithItsRecommendationsAnsweredInProcess() {
        let recommendations = ServerProcess.packageRoot + "/samples/recommendations.json"
        let pages = BenchPage.all(pages: Self.pages, benchPages: nil, recommendations: recommendations)
        #expect(pages.map(\.path) == ["/product/3", "/product/3 (Accept-Language: fr)", "/product/3 (recommendations in process)"])
        let related = Array(#""id":"related-carousel""#.utf8)
        #expect(pages.map { $0.body.contains(related) } == [false, false, true])
        // With no fresh recommendations the `"auto"` related section is deferred for ios/5.2.0: served as its
        // skeleton, its entry not fetched at all (SPEC §10.1); answered in process, it is inline.
        #expect(pages[2].data.missingOptional.isEmpty && pages[0].data.missingOptional == [])
        #expect(pages.map { $0.body.contains(Array(#"{"id":"related","type":"skeleton""#.utf8)) } == [true, true, false])
        #expect(BenchPage.all(pages: Self.pages, benchPages: nil, recommendations: "/nonexistent.json").count == 2)
    }

    @Test func theInProcessUpstreamAnswersItsOwnSourceOnly() throws {
        let upstream = try #require(InProcessUpstream(source: "recommendations", file: ServerProcess.packageRoot + "/samples/recommendations.json"))
        guard case .success(let site) = PagesLoader.load(PagesFolder(path: Self.pages)) else { Issue.record("Pages"); return }
        var requests = site.dataRequests(template: "product", params: ["id": "3"], query: [:])
        #expect(requests.map(\.source) == ["products", "recommendations", "cart"])
        var unknown = requests[1]
        unknown.key = "no-such-id"
        requests.append(unknown)
        let answered = Mutex<[UpstreamValue?]>([])
        upstream.fetchAll(requests, context: PageRequestContext(HTTPRequest(method: "GET", target: "/product/3", headers: HTTPHeaders([])), date: TestInstant.date)) {
            values in answered.withLock { $0 = values }
        }
        let values = answered.withLock { $0 }
        #expect(values.count == 4 && values[0] == nil && values[2] == nil && values[3] == nil)
        #expect(values[1]?.json["title"] == .string("You may also like"))
    }
}
