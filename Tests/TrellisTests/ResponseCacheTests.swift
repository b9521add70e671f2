import Dispatch
import Synchronization
import Testing
@testable import Trellis

@Suite struct ResponseCacheTests {
    /// A clock the test moves by hand.
    final class ManualClock: Sendable {
        private let start = ContinuousClock.now
        private let offset = Mutex<Duration>(.zero)
        var now: ContinuousClock.Instant { start + offset.withLock { $0 } }
        func advance(_ duration: Duration) { offset.withLock { $0 += duration } }
    }

    /// Records every completion it is handed.
    final class Recorder: Sendable {
        let results = Mutex<[(String?, Bool)]>([])
        func record(_ value: String?, _ hit: Bool) { results.withLock { $0.append((value, hit)) } }
    }

    @Test func aSynchronousHitCountsAHitAndAnAbsentKeyCountsNothing() {
        let cache = ResponseCache<String, String>(capacityBytes: 10)
        cache.insert("A", for: "a", cost: 4)
        #expect(cache.hit(for: "a") == "A")
        #expect(cache.hit(for: "b") == nil)
        #expect(cache.hits == 1 && cache.misses == 0)
    }

    @Test func evictsLeastRecentlyUsedByBytes() {
        let cache = ResponseCache<String, String>(capacityBytes: 10)
        cache.insert("A", for: "a", cost: 4)
        cache.insert("B", for: "b", cost: 4)
        #expect(cache.cachedValue(for: "a") == "A")
        cache.insert("C", for: "c", cost: 4)
        #expect(cache.cachedValue(for: "b") == nil)
        #expect(cache.cachedValue(for: "a") == "A")
        #expect(cache.cachedValue(for: "c") == "C")
        cache.insert("D", for: "d", cost: 6)
        #expect(cache.cachedValue(for: "a") == nil)
        #expect(cache.cachedValue(for: "c") == "C")
        #expect(cache.totalCost == 10)
        #expect(cache.count == 2)
    }

    @Test func replacingAnEntryReplacesItsCost() {
        let cache = ResponseCache<String, String>(capacityBytes: 10)
        cache.insert("A1", for: "a", cost: 8)
        cache.insert("A2", for: "a", cost: 3)
        cache.insert("B", for: "b", cost: 7)
        #expect(cache.cachedValue(for: "a") == "A2")
        #expect(cache.totalCost == 10)
    }

    @Test func oversizeEntryIsNotStored() {
        let cache = ResponseCache<String, String>(capacityBytes: 10)
        cache.insert("A", for: "a", cost: 5)
        cache.insert("huge", for: "h", cost: 11)
        #expect(cache.cachedValue(for: "h") == nil)
        #expect(cache.cachedValue(for: "a") == "A")
        #expect(cache.totalCost == 5)
    }

    @Test func entriesExpire() {
        let clock = ManualClock()
        let cache = ResponseCache<String, String>(capacityBytes: 100, now: { clock.now })
        cache.insert("A", for: "a", cost: 1, expiresAt: clock.now + .seconds(5))
        cache.insert("B", for: "b", cost: 1)
        clock.advance(.seconds(4))
        #expect(cache.cachedValue(for: "a") == "A")
        clock.advance(.seconds(1))
        #expect(cache.cachedValue(for: "a") == nil)
        #expect(cache.cachedValue(for: "b") == "B")
        #expect(cache.totalCost == 1)
    }

    @Test func anEntryExpiredOnArrivalIsNotStored() {
        let clock = ManualClock()
        let cache = ResponseCache<String, String>(capacityBytes: 100, now: { clock.now })
        let recorder = Recorder()
        cache.value(for: "a", compute: { deliver in deliver("A", 1, clock.now) }, completion: recorder.record)
        cache.insert("B", for: "b", cost: 1, expiresAt: clock.now)
        #expect(recorder.results.withLock { $0.map(\.0) } == ["A"])
        #expect(cache.count == 0 && cache.totalCost == 0)
    }

    @Test func removeAllDropsEverything() {
        let cache = ResponseCache<String, String>(capacityBytes: 100)
        cache.insert("A", for: "a", cost: 1)
        cache.insert("B", for: "b", cost: 1)
        cache.removeAll()
        #expect(cache.cachedValue(for: "a") == nil)
        #expect(cache.count == 0 && cache.totalCost == 0)
        cache.insert("A", for: "a", cost: 1)
        #expect(cache.cachedValue(for: "a") == "A")
    }

    @Test func valueForCountsHitsAndMissesButCachedValueDoesNot() {
        let cache = ResponseCache<String, String>(capacityBytes: 100)
        let recorder = Recorder()
        for _ in 0..<3 {
            cache.value(for: "a", compute: { deliver in deliver("A", 1, nil) }, completion: recorder.record)
        }
        _ = cache.cachedValue(for: "a")
        _ = cache.cachedValue(for: "zzz")
        #expect(cache.hits == 2 && cache.misses == 1)
        #expect(recorder.results.withLock { $0.map(\.1) } == [false, true, true])
    }

    @Test func concurrentMissesComputeOnce() {
        let cache = ResponseCache<String, String>(capacityBytes: 100)
        let computations = Atomic<Int>(0)
        let pendingDeliver = Mutex<ResponseCache<String, String>.Deliver?>(nil)
        let recorder = Recorder()
        DispatchQueue.concurrentPerform(iterations: 100) { _ in
            cache.value(for: "home", compute: { deliver in
                computations.add(1, ordering: .relaxed)
                pendingDeliver.withLock { $0 = deliver }
            }, completion: recorder.record)
        }
        // Every call has returned; the one computation is still holding its result.
        #expect(computations.load(ordering: .relaxed) == 1)
        #expect(recorder.results.withLock { $0.isEmpty })
        pendingDeliver.withLock { $0 }?("page", 4, nil)
        #expect(recorder.results.withLock { $0.count == 100 && $0.allSatisfy { $0.0 == "page" && !$0.1 } })
        #expect(cache.misses == 100 && cache.hits == 0)
        #expect(cache.cachedValue(for: "home") == "page")
    }

    @Test func failureReachesEveryWaiterAndIsNotCached() {
        let cache = ResponseCache<String, String>(capacityBytes: 100)
        let recorder = Recorder()
        let pendingDeliver = Mutex<ResponseCache<String, String>.Deliver?>(nil)
        for _ in 0..<2 {
            cache.value(for: "a", compute: { deliver in pendingDeliver.withLock { $0 = deliver } }, completion: recorder.record)
        }
        pendingDeliver.withLock { $0 }?(nil, 0, nil)
        #expect(recorder.results.withLock { $0.count == 2 && $0.allSatisfy { $0.0 == nil } })
        #expect(cache.count == 0)
        cache.value(for: "a", compute: { deliver in deliver("A", 1, nil) }, completion: recorder.record)
        #expect(recorder.results.withLock { $0.last?.0 } == "A")
    }

    @Test func computationRunningAcrossRemoveAllIsNotStoredNorJoined() {
        let cache = ResponseCache<String, String>(capacityBytes: 100)
        let recorder = Recorder()
        let delivers = Mutex<[ResponseCache<String, String>.Deliver]>([])
        let compute: @Sendable (@escaping ResponseCache<String, String>.Deliver) -> Void = { deliver in
            delivers.withLock { $0.append(deliver) }
        }
        cache.value(for: "a", compute: compute, completion: recorder.record)
        cache.removeAll()
        cache.value(for: "a", compute: compute, completion: recorder.record)
        #expect(delivers.withLock { $0.count } == 2)
        delivers.withLock { $0[0] }("old", 1, nil)
        #expect(cache.cachedValue(for: "a") == nil)
        delivers.withLock { $0[1] }("new", 1, nil)
        #expect(cache.cachedValue(for: "a") == "new")
        #expect(recorder.results.withLock { $0.map(\.0) } == ["old", "new"])
    }

    @Test func differentKeysNeverShareAValue() {
        let cache = ResponseCache<Int, String>(capacityBytes: 1000)
        let group = DispatchGroup()
        let wrong = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 400) { i in
            let key = i % 10
            group.enter()
            cache.value(for: key, compute: { deliver in
                DispatchQueue.global().async { deliver("value-\(key)", 1, nil) }
            }, completion: { value, _ in
                if value != "value-\(key)" { wrong.add(1, ordering: .relaxed) }
                group.leave()
            })
        }
        group.wait()
        #expect(wrong.load(ordering: .relaxed) == 0)
        #expect(cache.hits + cache.misses == 400)
        #expect((0..<10).allSatisfy { cache.cachedValue(for: $0) == "value-\($0)" })
    }
}
