import Testing
import TestSupport
@testable import Trellis

/// A look-up that tries a remembered slot first (`LRUStorage.value(for:now:slotHint:)`, what a
/// repeated page hit uses) against the plain one: on generated sequences of inserts, look-ups,
/// removals, expiries and evictions, with hints that are right, stale, free, out of range or
/// none, both storages answer the same, hold the same and evict the same.
@Suite struct LRUStorageSlotHintTests {
    @Test func aHintedLookUpIsThePlainOne() {
        var random = SeededGenerator(seed: 0x5107)
        let start = ContinuousClock.now
        for _ in 0..<GeneratedCases.count(default: 300) {
            var plain = LRUStorage<Int, Int>(capacity: 40, maxCount: Int.random(in: 1...12, using: &random))
            var hinted = plain
            var hints: [Int: Int] = [:]  // key -> the slot a hinted look-up last found it in
            var now = start
            for step in 0..<200 {
                let key = Int.random(in: 0..<16, using: &random)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4:
                    let cost = Int.random(in: 0...12, using: &random)
                    let expiresAt = Bool.random(using: &random) ? now + .seconds(Int.random(in: 1...5, using: &random)) : nil
                    plain.insert(step, for: key, cost: cost, expiresAt: expiresAt)
                    hinted.insert(step, for: key, cost: cost, expiresAt: expiresAt)
                case 4:
                    now += .seconds(1)
                case 5:
                    plain.removeAll { stored, _ in stored == key }
                    hinted.removeAll { stored, _ in stored == key }
                default:
                    var hint = [hints[key] ?? -1, -1, Int.random(in: -2...20, using: &random), Int.max][Int.random(in: 0..<4, using: &random)]
                    let expected = plain.value(for: key, now: now)
                    #expect(hinted.value(for: key, now: now, slotHint: &hint) == expected)
                    if expected != nil { hints[key] = hint }
                }
                #expect(hinted.count == plain.count && hinted.totalCost == plain.totalCost)
            }
            // The same recency order: filling both evicts the same entries.
            for key in 100..<112 {
                plain.insert(key, for: key, cost: 3, expiresAt: nil)
                hinted.insert(key, for: key, cost: 3, expiresAt: nil)
            }
            for key in 0..<112 {
                #expect(hinted.value(for: key, now: now) == plain.value(for: key, now: now))
            }
        }
    }
}
