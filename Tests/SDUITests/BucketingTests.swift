import Testing
@testable import SDUI

@Suite struct BucketingTests {
    @Test(arguments: [
        ("home-hero-2026-11", "device-1", 2463),
        ("home-hero-2026-11", "device-2", 1586),
        ("home-canary-1", "device-1", 2049),
        ("home-canary-1", "7f3c9a", 5416),
    ])
    func matchesSpecVectors(salt: String, deviceID: String, bucket: Int) {
        #expect(Bucketing.bucket(salt: salt, deviceID: deviceID) == bucket)
    }

    @Test func hashesUTF8BytesOfSaltDotDeviceID() {
        // Same concatenation, different split: the dot is part of the hashed text.
        #expect(Bucketing.bucket(salt: "a.b", deviceID: "c") == Bucketing.bucket(salt: "a", deviceID: "b.c"))
        #expect(Bucketing.bucket(salt: "é", deviceID: "x") != Bucketing.bucket(salt: "e\u{301}", deviceID: "x"))
    }

    @Test func fiftyFiftyPutsBucket2463InA() {
        #expect(Bucketing.index(ofBucket: 2463, weights: [50, 50]) == 0)
        #expect(Bucketing.index(ofBucket: 4999, weights: [50, 50]) == 0)
        #expect(Bucketing.index(ofBucket: 5000, weights: [50, 50]) == 1)
        #expect(Bucketing.index(ofBucket: 9999, weights: [50, 50]) == 1)
    }

    @Test func usesExactIntegerBoundaries() {
        // Thirds: 3333 * 3 = 9999 < 1 * 10000, 3334 * 3 = 10002 is not.
        #expect(Bucketing.index(ofBucket: 3333, weights: [1, 1, 1]) == 0)
        #expect(Bucketing.index(ofBucket: 3334, weights: [1, 1, 1]) == 1)
        #expect(Bucketing.index(ofBucket: 6666, weights: [1, 1, 1]) == 1)
        #expect(Bucketing.index(ofBucket: 6667, weights: [1, 1, 1]) == 2)
        #expect(Bucketing.index(ofBucket: 999, weights: [10, 30, 60]) == 0)
        #expect(Bucketing.index(ofBucket: 1000, weights: [10, 30, 60]) == 1)
        #expect(Bucketing.index(ofBucket: 3999, weights: [10, 30, 60]) == 1)
        #expect(Bucketing.index(ofBucket: 4000, weights: [10, 30, 60]) == 2)
    }

    @Test func neverChoosesZeroWeightsOrOutOfRangeBuckets() {
        for bucket in 0..<Bucketing.bucketCount {
            let index = Bucketing.index(ofBucket: bucket, weights: [0, 7, 0, 3, 0])
            #expect(index == 1 || index == 3)
        }
        #expect(Bucketing.index(ofBucket: 0, weights: [0, 0]) == nil)
        #expect(Bucketing.index(ofBucket: Bucketing.bucketCount, weights: [1]) == nil)
        #expect(Bucketing.index(ofBucket: -1, weights: [1]) == nil)
        #expect(Bucketing.index(ofBucket: .max, weights: [1, 1]) == nil)
    }

    @Test(arguments: [[50, 50], [10, 30, 60]])
    func distributesDevicesByWeight(weights: [Int]) {
        let devices = 100_000
        var counts = [Int](repeating: 0, count: weights.count)
        for i in 0..<devices {
            let bucket = Bucketing.bucket(salt: "distribution-test", deviceID: "device-\(i)")
            counts[Bucketing.index(ofBucket: bucket, weights: weights)!] += 1
        }
        let total = weights.reduce(0, +)
        for (count, weight) in zip(counts, weights) {
            let share = Double(count) / Double(devices) * 100
            let expected = Double(weight) / Double(total) * 100
            #expect(abs(share - expected) < 1, "weights \(weights): \(share)% for weight \(weight)")
        }
    }
}
