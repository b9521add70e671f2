import Dispatch
import Foundation
import SDUI
import Synchronization

/// Fetches `url` data sources (SPEC §2.3): HTTP/1.1 GETs over plain TCP with keep-alive,
/// bounded by each request's timeout, cached for its TTL, coalesced per URL.
///
/// Only a 200 whose body parses as JSON is a value. Anything else — another status, a body
/// that is not JSON, nested deeper than `maxJSONDepth` or larger than `maxResponseBytes`, a refused or reset connection, a
/// timeout, an `https://` or malformed URL — is `nil` and is not cached.
///
/// Threads: each upstream call runs its I/O (non-blocking sockets, `poll` with the time
/// left) on a thread of its own, so no call waits for another's thread: a shared concurrent
/// Dispatch queue is capped near the core count on Linux (20 calls of 200 ms took 1.8 s
/// instead of 0.2 s), and libdispatch's overcommit pool stalled for seconds when other work
/// held its threads. No call holds its thread past its deadline, and only cache misses
/// that lead a call use one. `completion` runs on that thread, on the timer queue (a waiter
/// that gave up), or on the caller's thread for a cache hit: keep it short.
package final class UpstreamClient: Sendable {
    /// The deepest JSON accepted from an upstream (SPEC §6.2): nested deeper is no value.
    static let maxJSONDepth = 64
    /// The largest response accepted (head and framing included); larger is no value.
    package let maxResponseBytes: Int
    private let now: @Sendable () -> ContinuousClock.Instant
    private let cache = UpstreamCache()
    private let pool = UpstreamConnectionPool()
    private let metrics: UpstreamMetrics
    private let timers = DispatchQueue(label: "trellis.upstream.timers")
    /// The most upstream calls (threads) at once; a miss beyond it is "no value" at once, so a
    /// slow backend under load cannot pile up threads without bound.
    package let maxConcurrentCalls: Int
    private let callsInFlight = Atomic<Int>(0)

    /// A client that registers its metrics on `registry`. `now` is the clock for cache TTLs
    /// only (timeouts always use the real monotonic clock); tests inject one to expire entries.
    package init(
        registry: MetricsRegistry,
        maxResponseBytes: Int = 4 << 20,
        maxConcurrentCalls: Int = 256,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.maxResponseBytes = maxResponseBytes
        self.maxConcurrentCalls = maxConcurrentCalls
        self.now = now
        metrics = UpstreamMetrics(registry: registry)
    }

    /// Fetches `request`: from the cache, by joining a call in flight for the same URL, or
    /// by calling the upstream. `completion` runs once, by the request's timeout.
    package func fetch(_ request: UpstreamRequest, completion: @escaping @Sendable (JSONValue?) -> Void) {
        let waiter = UpstreamCompletion(completion)
        let deadline = UpstreamDeadline(after: request.timeout)
        switch cache.lookup(request.url, now: now(), waiter: waiter, deadline: deadline.instant) {
        case .hit(let value):
            metrics.cacheHits.increment([request.source])
            waiter.resolve(value)
        case .joined(let callDeadline):
            if deadline.instant < callDeadline {
                let left = deadline.instant - .now
                timers.asyncAfter(deadline: .now() + .nanoseconds(Self.nanoseconds(left))) { waiter.resolve(nil) }
            }
        case .lead:
            guard callsInFlight.wrappingAdd(1, ordering: .relaxed).newValue <= maxConcurrentCalls else {
                callsInFlight.wrappingSubtract(1, ordering: .relaxed)
                metrics.failures.increment([request.source])
                for waiter in cache.finish(request.url, value: nil, ttl: request.ttl, now: now()) { waiter.resolve(nil) }
                return
            }
            Thread.detachNewThread {
                self.call(request, deadline: deadline)
                self.callsInFlight.wrappingSubtract(1, ordering: .relaxed)
            }
        }
    }

    /// Makes the upstream call for `request`, records it, caches a success, resolves the waiters.
    private func call(_ request: UpstreamRequest, deadline: UpstreamDeadline) {
        let started = ContinuousClock.now
        metrics.requests.increment([request.source])
        var value: JSONValue?
        do {
            value = try fetchValue(request.url, deadline: deadline)
        } catch {
            metrics.failures.increment([request.source])
            if error == .timeout { metrics.timeouts.increment([request.source]) }
        }
        metrics.duration.observe(ContinuousClock.now - started, labels: [request.source])
        for waiter in cache.finish(request.url, value: value, ttl: request.ttl, now: now()) {
            waiter.resolve(value)
        }
    }

    /// The JSON value at `url`, or why there is none.
    private func fetchValue(_ url: String, deadline: UpstreamDeadline) throws(UpstreamError) -> JSONValue {
        guard let target = UpstreamTarget(url) else { throw .unsupportedURL }
        let exchange = UpstreamExchange(pool: pool, maxResponseBytes: maxResponseBytes)
        let response = try exchange.perform(target, deadline: deadline)
        guard response.status == 200 else { throw .status(response.status) }
        do {
            return try JSONParser.parse(response.body, maxDepth: Self.maxJSONDepth)
        } catch {
            throw .notJSON
        }
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(0, Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000))
    }
}
