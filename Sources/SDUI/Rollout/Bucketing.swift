/// Deterministic bucketing (SPEC §3.1): the same answer on every replica, after every restart,
/// and in every client SDK or analytics pipeline that follows the same two rules.
public enum Bucketing {
    /// The number of buckets; a bucket is in `0..<bucketCount`, one per basis point.
    public static let bucketCount = 10_000

    /// The bucket of a device for one salt: the first 8 bytes of
    /// SHA-256(`salt` + "." + `deviceID`) (UTF-8) read as a big-endian `UInt64`, modulo 10,000.
    ///
    /// `bucket(salt: "home-hero-2026-11", deviceID: "device-1")` is 2463.
    public static func bucket(salt: String, deviceID: String) -> Int {
        let digest = SHA256.digest(salt + "." + deviceID)
        let prefix = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(prefix % UInt64(bucketCount))
    }

    /// The index of the weight whose range holds `bucket`, in exact integer arithmetic:
    /// with `total` the sum of the weights and `cum_i` the running sum up to and including
    /// weight `i`, the first `i` with `bucket * total < cum_i * 10000`.
    ///
    /// Ranges are consecutive in the order given, so a zero weight is never chosen.
    /// Nil when the weights add up to zero or `bucket` is outside `0..<bucketCount`. Weights must be non-negative and small enough
    /// that `total * 10000` fits in an `Int` (`RolloutConfig.maxWeight` guarantees it).
    public static func index(ofBucket bucket: Int, weights: [Int]) -> Int? {
        let total = weights.reduce(0, +)
        guard total > 0, (0..<bucketCount).contains(bucket) else { return nil }
        var cumulative = 0
        for (i, weight) in weights.enumerated() {
            cumulative += weight
            if bucket * total < cumulative * bucketCount { return i }
        }
        return nil
    }
}
