import Dispatch
import Testing
@testable import HTTPServer

@Suite("Duration as a Dispatch interval")
struct DurationDispatchTests {
    @Test func convertsToNanoseconds() {
        #expect(Duration.milliseconds(1500).dispatchInterval == .nanoseconds(1_500_000_000))
        #expect(Duration.seconds(86_400).dispatchInterval == .nanoseconds(86_400_000_000_000))
    }

    @Test func negativeIsZero() {
        #expect(Duration.seconds(-1).dispatchInterval == .nanoseconds(0))
    }

    @Test func tooLongIsNeverNotATrap() {
        // `--drain-grace 10000000000` used to overflow here on SIGTERM.
        #expect(Duration.seconds(10_000_000_000).dispatchInterval == .never)
        #expect(Duration.seconds(Int64.max).dispatchInterval == .never)
        #expect(Duration.seconds(Int64.min).dispatchInterval == .nanoseconds(0))
    }
}
