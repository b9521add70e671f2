import Foundation
import HTTPServer
import SDUI
import Synchronization
import Testing
@testable import Trellis

/// Scheduled content through the pipeline with an injected clock (SPEC §7.5): the sample
/// home page's sale banner starts at 2026-11-27T00:00:00+01:00.
@Suite struct SchedulePipelineTests {
    /// The wall-clock date and the monotonic instant, moved together by the test.
    final class Clock: Sendable {
        private let offset = Mutex<Duration>(.zero)
        let start = ContinuousClock.now
        let startDate: Date

        init(date: Date) { startDate = date }

        func advance(_ duration: Duration) { offset.withLock { $0 += duration } }
        var now: ContinuousClock.Instant { start + offset.withLock { $0 } }
        var date: Date {
            let elapsed = offset.withLock { $0 }
            return startDate.addingTimeInterval(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
    }

    static let saleStart = Date(timeIntervalSince1970: Timestamp.parse("2026-11-27T00:00:00+01:00")!)

    func run(_ pipeline: PagePipeline, _ clock: Clock) -> PageOutcome {
        let request = HTTPRequest(method: "GET", target: "/home", headers: HTTPHeaders([("X-Client-Version", "ios/5.2.0")]))
        return pipeline.answer(request, date: clock.date, now: { clock.now })
    }

    func hasSale(_ outcome: PageOutcome) -> Bool {
        String(decoding: outcome.response.body, as: UTF8.self).contains(#""id":"sale-banner""#)
    }

    @Test func theSaleAppearsAtItsEdgeAndNoMaxAgeOrCacheEntryOutlivesIt() {
        let clock = Clock(date: Self.saleStart.addingTimeInterval(-3))
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 22, now: { clock.now })
        let pipeline = PagePipelineTests.pipeline(cache: cache)

        let before = run(pipeline, clock)
        #expect(before.record.cache == .miss && !hasSale(before))
        #expect(PagePipelineTests.header(before, "Cache-Control") == "public, max-age=3")
        clock.advance(.seconds(2))
        let hit = run(pipeline, clock)
        #expect(hit.record.cache == .hit && !hasSale(hit))
        #expect(PagePipelineTests.header(hit, "Cache-Control") == "public, max-age=1")
        clock.advance(.seconds(1))
        let after = run(pipeline, clock)
        #expect(after.record.cache == .miss && hasSale(after))
        #expect(PagePipelineTests.header(after, "Cache-Control") == "public, max-age=60")
    }
}
