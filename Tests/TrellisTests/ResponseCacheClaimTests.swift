import Synchronization
import Testing
@testable import Trellis

/// The request path of the response cache: `claim`, then `deliver` by the one caller that computes.
@Suite struct ResponseCacheClaimTests {
    /// Keys that all hash alike: distinct keys of one hash.
    struct Colliding: Hashable, Sendable {
        let name: String
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }

    /// Counts the waiters a cache made.
    final class Waiters: Sendable {
        let made = Atomic<Int>(0)
        let recorder = ResponseCacheTests.Recorder()
        func waiter() -> ResponseCache<String, String>.Completion {
            made.add(1, ordering: .relaxed)
            return recorder.record
        }
    }

    @Test func theCallerThatComputesMakesNoWaiterAndDeliverAnswersTheJoiners() {
        let cache = ResponseCache<String, String>(capacityBytes: 100)
        let waiters = Waiters()
        guard case .compute(let ticket) = cache.claim("a", waiter: waiters.waiter()) else {
            Issue.record("the first claim of an absent key computes it")
            return
        }
        #expect(waiters.made.load(ordering: .relaxed) == 0)
        guard case .joined = cache.claim("a", waiter: waiters.waiter()) else {
            Issue.record("a claim of a key under computation joins it")
            return
        }
        #expect(waiters.made.load(ordering: .relaxed) == 1 && waiters.recorder.results.withLock { $0.isEmpty })
        cache.deliver("A", for: "a", claim: ticket, cost: 1, expiresAt: nil)
        #expect(waiters.recorder.results.withLock { $0.map(\.0) == ["A"] && $0.map(\.1) == [false] })
        guard case .hit("A") = cache.claim("a", waiter: waiters.waiter()) else {
            Issue.record("a delivered value is stored")
            return
        }
        #expect(waiters.made.load(ordering: .relaxed) == 1)
        #expect(cache.hits == 1 && cache.misses == 2)
    }

    @Test func keysOfOneHashNeverShareAComputation() {
        let cache = ResponseCache<Colliding, String>(capacityBytes: 100)
        let (a, b) = (Colliding(name: "a"), Colliding(name: "b"))
        let recorder = ResponseCacheTests.Recorder()
        guard case .compute(let ticketA) = cache.claim(a, waiter: recorder.record),
              case .compute(let ticketB) = cache.claim(b, waiter: recorder.record),
              case .joined = cache.claim(a, waiter: recorder.record) else {
            Issue.record("a and b are computed apart, and a second claim of a joins a's computation")
            return
        }
        cache.deliver("B", for: b, claim: ticketB, cost: 1, expiresAt: nil)
        #expect(recorder.results.withLock { $0.isEmpty })
        cache.deliver("A", for: a, claim: ticketA, cost: 1, expiresAt: nil)
        #expect(recorder.results.withLock { $0.map(\.0) } == ["A"])
        #expect(cache.cachedValue(for: a) == "A" && cache.cachedValue(for: b) == "B")
    }
}
