import Dispatch
import SDUI
import Synchronization
import Testing
@testable import Trellis

/// Caching, coalescing and metrics of `UpstreamClient`, with an injected clock for TTLs.
@Suite final class UpstreamCacheTests: Sendable {
    let fake = FakeUpstream()
    let clock = FakeUpstream.Clock()
    let registry = MetricsRegistry()
    let client: UpstreamClient

    init() {
        let clock = clock
        client = UpstreamClient(registry: registry, now: { clock.now() })
    }

    deinit { fake.stop() }

    @Test func servesFromTheCacheUntilTheTTLPasses() {
        fake.script("/p", .json(#"{"v":1}"#))
        let request = fake.request("/p", ttl: .seconds(30))
        #expect(client.value(request) != nil)
        #expect(client.value(request)?["v"]?.intValue == 1)
        #expect(fake.requests("/p") == 1)
        clock.advance(.seconds(29))
        #expect(client.value(request) != nil)
        #expect(fake.requests("/p") == 1)
        clock.advance(.seconds(1))
        #expect(client.value(request) != nil)
        #expect(fake.requests("/p") == 2)
    }

    @Test func aZeroTTLCachesNothing() {
        fake.script("/p", .json("1"))
        #expect(client.value(fake.request("/p", ttl: .zero)) != nil)
        #expect(client.value(fake.request("/p", ttl: .zero)) != nil)
        #expect(fake.requests("/p") == 2)
    }

    @Test func doesNotCacheFailures() {
        fake.script("/flaky", .status(503))
        fake.script("/late", .hang)
        let flaky = fake.request("/flaky", ttl: .seconds(30))
        #expect(client.value(flaky) == nil)
        #expect(client.value(flaky) == nil)
        #expect(fake.requests("/flaky") == 2)
        fake.script("/flaky", .json("2"))
        #expect(client.value(flaky)?.intValue == 2)
        #expect(client.value(flaky)?.intValue == 2)
        #expect(fake.requests("/flaky") == 3)

        let late = fake.request("/late", timeout: .milliseconds(50), ttl: .seconds(30))
        #expect(client.value(late) == nil)
        #expect(client.value(late) == nil)
        #expect(fake.requests("/late") == 2)
    }

    @Test func coalescesConcurrentFetchesOfOneURL() throws {
        // Ten fetches are registered while the one call is held at the gate.
        fake.script("/slow", .gated(#"{"shared":true}"#))
        let request = fake.request("/slow", timeout: .seconds(20), ttl: .zero)
        let values = Mutex<[JSONValue?]>([])
        let group = DispatchGroup()
        for _ in 0..<10 {
            group.enter()
            client.fetch(request) { value in
                values.withLock { $0.append(value?.json) }
                group.leave()
            }
        }
        fake.openGate()
        #expect(group.wait(timeout: .now() + 20) == .success)
        let expected = try JSONParser.parse(#"{"shared":true}"#)
        #expect(values.withLock { $0 } == Array(repeating: .some(expected), count: 10))
        #expect(fake.requests("/slow") == 1)
    }

    @Test func aWaiterWithAShorterTimeoutGivesUpOnItsOwn() {
        // The call is held at the gate until the hasty waiter has given up on its own.
        fake.script("/slow", .gated("1"))
        let patient = fake.request("/slow", timeout: .seconds(20))
        let hasty = fake.request("/slow", timeout: .milliseconds(100))
        let slow = Mutex<JSONValue?>(nil)
        let patientDone = DispatchSemaphore(value: 0)
        client.fetch(patient) { value in  // leads the call: `fetch` registers it before returning
            slow.withLock { $0 = value?.json }
            patientDone.signal()
        }
        #expect(client.value(hasty) == nil)
        fake.openGate()
        patientDone.wait()
        #expect(slow.withLock { $0 }?.intValue == 1)
        #expect(fake.requests("/slow") == 1)
    }

    @Test func theCacheStaysBounded() {
        let cache = UpstreamCache(maxEntries: 2)
        let start = ContinuousClock.now
        let waiter = UpstreamCompletion { _ in }
        func store(_ url: String, ttl: Duration, at now: ContinuousClock.Instant) {
            guard case .lead(let lead) = cache.lookup(url, now: now, waiter: waiter, deadline: now + .seconds(1)) else {
                Issue.record("expected a miss for \(url)")
                return
            }
            #expect(cache.finish(url, lead: lead, value: .bool(true), ttl: ttl, staleIfError: .zero, now: now).waiters.count == 1)
        }
        store("a", ttl: .seconds(1), at: start)
        store("b", ttl: .seconds(60), at: start)
        store("c", ttl: .seconds(60), at: start + .seconds(2))  // full: "a" is the least recently used
        #expect(cache.count == 2)
        store("d", ttl: .seconds(60), at: start + .seconds(2))  // full: "b" is now the least recently used
        #expect(cache.count == 2)
        let waiter2 = UpstreamCompletion { _ in }
        guard case .lead = cache.lookup("b", now: start + .seconds(2), waiter: waiter2, deadline: start + .seconds(3)) else {
            Issue.record("\"b\" should have gone first")
            return
        }
    }

    @Test func valuesHoldAtMostTheByteBudgetAndTheLeastRecentlyUsedGoFirst() {
        let text = String(repeating: "x", count: 1000)
        let one = HeapBytes.of(JSONValue.string(text)) + HeapBytes.of("k0") + UpstreamCache.entryOverhead
        let cache = UpstreamCache(maxBytes: 3 * one)
        let start = ContinuousClock.now
        let waiter = UpstreamCompletion { _ in }
        func store(_ key: String, _ value: JSONValue, ttl: Duration) {
            guard case .lead(let lead) = cache.lookup(key, now: start, waiter: waiter, deadline: start + .seconds(1)) else {
                Issue.record("expected a miss for \(key)")
                return
            }
            _ = cache.finish(key, lead: lead, value: value, ttl: ttl, staleIfError: .zero, now: start)
        }
        for index in 0..<3 { store("k\(index)", .string(text), ttl: .seconds(10 + index)) }
        #expect(cache.count == 3 && cache.bytes == 3 * one)
        store("k3", .string(text), ttl: .seconds(60))
        #expect(cache.count == 3 && cache.bytes <= 3 * one)
        guard case .lead = cache.lookup("k0", now: start, waiter: waiter, deadline: start + .seconds(1)) else {
            Issue.record("k0, the least recently used, should have gone")
            return
        }
        store("huge", .string(String(repeating: "y", count: 4 * one)), ttl: .seconds(60))
        #expect(cache.bytes <= 3 * one, "a value over the whole budget is not kept")
    }

    @Test func anExpiredValueGivesItsBytesBack() {
        let cache = UpstreamCache(maxBytes: 1 << 20)
        let start = ContinuousClock.now
        let waiter = UpstreamCompletion { _ in }
        guard case .lead(let lead) = cache.lookup("a", now: start, waiter: waiter, deadline: start + .seconds(1)) else {
            Issue.record("expected a miss")
            return
        }
        _ = cache.finish("a", lead: lead, value: .string(String(repeating: "z", count: 500)), ttl: .seconds(1), staleIfError: .zero, now: start)
        #expect(cache.bytes > 500)
        _ = cache.lookup("a", now: start + .seconds(2), waiter: waiter, deadline: start + .seconds(3))
        #expect(cache.bytes == 0)
    }

    @Test func countsPerSource() {
        fake.script("/ok", .json("1"))
        fake.script("/bad", .notJSON)
        fake.script("/late", .hang)
        _ = client.value(fake.request("/ok", source: "recs", ttl: .seconds(30)))
        _ = client.value(fake.request("/ok", source: "recs", ttl: .seconds(30)))
        _ = client.value(fake.request("/bad", source: "recs"))
        _ = client.value(fake.request("/late", source: "prices", timeout: .milliseconds(50)))

        let text = registry.render()
        #expect(text.contains(#"trellis_upstream_requests_total{source="recs"} 2"#))
        #expect(text.contains(#"trellis_upstream_requests_total{source="prices"} 1"#))
        #expect(text.contains(#"trellis_upstream_failures_total{source="recs"} 1"#))
        #expect(text.contains(#"trellis_upstream_failures_total{source="prices"} 1"#))
        #expect(text.contains(#"trellis_upstream_timeouts_total{source="prices"} 1"#))
        #expect(!text.contains(#"trellis_upstream_timeouts_total{source="recs"}"#))
        #expect(text.contains(#"trellis_upstream_cache_hits_total{source="recs"} 1"#))
        #expect(text.contains(#"trellis_upstream_duration_seconds_count{source="recs"} 2"#))
        #expect(text.contains(#"trellis_upstream_duration_seconds_count{source="prices"} 1"#))
        #expect(text.contains(#"trellis_upstream_duration_seconds_bucket{source="prices",le="+Inf"} 1"#))
    }
}
