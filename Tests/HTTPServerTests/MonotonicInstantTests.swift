import Testing
@testable import HTTPServer

/// The loops' own clock: plain nanoseconds, converted from `ContinuousClock` for public timers.
@Suite("MonotonicInstant")
struct MonotonicInstantTests {
    @Test func durationsRoundUpToWholeNanosecondsAndClampInsteadOfOverflowing() {
        #expect(MonotonicInstant.nanoseconds(.seconds(2)) == 2_000_000_000)
        #expect(MonotonicInstant.nanoseconds(.milliseconds(1) + .nanoseconds(1)) == 1_000_001)
        #expect(MonotonicInstant.nanoseconds(.nanoseconds(1) / 3) == 1)  // a third of a nanosecond: not early
        #expect(MonotonicInstant.nanoseconds(.seconds(Int64.max)) == .max)
        #expect(MonotonicInstant.nanoseconds(.seconds(Int64.min)) == .min)
    }

    @Test func arithmeticAndOrder() {
        let start = MonotonicInstant(nanoseconds: 5_000_000_000)
        #expect(start + .seconds(1) == MonotonicInstant(nanoseconds: 6_000_000_000))
        #expect(start - .seconds(1) == MonotonicInstant(nanoseconds: 4_000_000_000))
        #expect((start + .milliseconds(1500)) - start == .milliseconds(1500))
        #expect(start < start + 1 && !(start < start))
    }

    @Test func aContinuousClockInstantLiesAsFarAheadOnThisClock() {
        let before = MonotonicInstant.now
        let converted = MonotonicInstant(ContinuousClock.now + .seconds(60))
        let after = MonotonicInstant.now
        // Not earlier than 60 s after the call began (a timer must not fire early), nor later
        // than 60 s after it returned.
        #expect(converted - before >= .seconds(60) && converted - after <= .seconds(60))
    }
}
