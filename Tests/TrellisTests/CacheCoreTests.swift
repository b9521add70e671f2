import Testing
@testable import Trellis

/// The core both caches share: claims, the count bound, and invalidation by a predicate.
@Suite struct CacheCoreTests {
    /// A value tagged with the sources it bound, as a page's entry would be (SPEC §11).
    struct Tagged: Sendable, Equatable {
        let text: String
        let sources: Set<String>
    }

    typealias Core = CacheCore<String, Tagged, [String]>

    let now = ContinuousClock.now

    func store(_ core: Core, _ key: String, sources: Set<String>) {
        core.insert(Tagged(text: key.uppercased(), sources: sources), for: key, cost: 1, expiresAt: nil)
    }

    @Test func aClaimHitsJoinsOrComputesAndDeliverHandsBackWhatJoined() {
        let core = Core(capacity: 10)
        guard case .compute(let ticket) = core.claim("a", now: now, answers: { _ in true }, join: { $0.append("first") }, start: { ["leader"] }),
              case .joined = core.claim("a", now: now, answers: { _ in true }, join: { $0.append("second") }, start: { [] }) else {
            Issue.record("the first claim computes, the second joins")
            return
        }
        #expect(core.deliver(Tagged(text: "A", sources: []), for: "a", ticket: ticket, cost: 1, expiresAt: nil) == ["leader", "second"])
        guard case .hit(let value) = core.claim("a", now: now, answers: { _ in true }, join: { _ in }, start: { [] }) else {
            Issue.record("a delivered value is a hit")
            return
        }
        #expect(value.text == "A" && core.hits == 1 && core.misses == 2)
    }

    @Test func aValueTheCallerRefusesIsNoHit() {
        let core = Core(capacity: 10)
        store(core, "a", sources: [])
        guard case .compute = core.claim("a", now: now, answers: { _ in false }, join: { _ in }, start: { [] }) else {
            Issue.record("a refused value leaves the caller to compute")
            return
        }
        #expect(core.value(for: "a", now: now)?.text == "A")
    }

    @Test func theCountIsBoundedLeastRecentlyUsedFirstOut() {
        let core = Core(capacity: 100, maxCount: 2)
        store(core, "a", sources: [])
        store(core, "b", sources: [])
        _ = core.value(for: "a", now: now)
        store(core, "c", sources: [])
        #expect(core.count == 2 && core.value(for: "b", now: now) == nil && core.value(for: "a", now: now) != nil)
    }

    @Test func invalidationDropsTheEntriesTaggedWithASource() {
        let core = Core(capacity: 100)
        store(core, "cart-page", sources: ["cart", "products"])
        store(core, "home", sources: ["products"])
        store(core, "badge", sources: ["cart"])
        core.removeAll { _, value in value.sources.contains("cart") }
        #expect(core.value(for: "cart-page", now: now) == nil && core.value(for: "badge", now: now) == nil)
        #expect(core.value(for: "home", now: now)?.text == "HOME")
        #expect(core.count == 1 && core.totalCost == 1)
    }

    @Test func aComputationRunningAcrossAnInvalidationIsNotStoredNorJoined() {
        let core = Core(capacity: 100)
        guard case .compute(let old) = core.claim("cart", now: now, answers: { _ in true }, join: { _ in }, start: { [] }) else {
            Issue.record("the first claim computes")
            return
        }
        core.removeAll { key, _ in key == "cart" }
        guard case .compute(let new) = core.claim("cart", now: now, answers: { _ in true }, join: { _ in }, start: { [] }) else {
            Issue.record("a claim after the invalidation computes anew")
            return
        }
        #expect(core.deliver(Tagged(text: "old", sources: []), for: "cart", ticket: old, cost: 1, expiresAt: nil) == [])
        #expect(core.value(for: "cart", now: now) == nil)
        _ = core.deliver(Tagged(text: "new", sources: []), for: "cart", ticket: new, cost: 1, expiresAt: nil)
        #expect(core.value(for: "cart", now: now)?.text == "new")
    }
}
