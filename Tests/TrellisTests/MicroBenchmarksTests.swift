import Testing
@testable import Trellis

/// `trellis bench`: zlib alone next to the uncached request, the name filter, the level table.
@Suite struct MicroBenchmarksTests {
    static let pages = ServerProcess.packageRoot + "/Pages"

    @Test func onlyTheMatchingBenchmarksRun() {
        let table = MicroBenchmarks.run(pages: Self.pages, benchPages: nil, matching: "/product/3: uncached request: zlib")
        let rows = table.split(separator: "\n").dropFirst(2)
        #expect(rows.count == 1)
        #expect(rows.first?.hasPrefix("| /product/3: uncached request: zlib alone, same body (level \(Gzip.cachedLevel), reused stream) | ") == true)
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
}
