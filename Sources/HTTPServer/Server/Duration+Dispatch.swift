import Dispatch

extension Duration {
    /// The duration as a Dispatch interval, in nanoseconds; negative durations are zero, and
    /// one too long for 64-bit nanoseconds (about 292 years) is `.never` rather than a trap.
    public var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (nanoseconds, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow || carry { return seconds > 0 ? .never : .nanoseconds(0) }
        return .nanoseconds(Int(max(0, nanoseconds)))
    }
}
