import Dispatch

extension Duration {
    /// The duration as a Dispatch interval, in nanoseconds; negative durations are zero.
    public var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)))
    }
}
