import HTTPClient
import HTTPServer
import Logging
import SDUI
import Synchronization

/// Fetches `url` data sources (SPEC §2.3, §6.2): HTTP/1.1 GETs over plain TCP or TLS with
/// keep-alive, bounded by each request's timeout, cached for its TTL, coalesced per cache key.
///
/// Only a 200 whose body parses as JSON is a value. Anything else — another status, a body
/// that is not JSON, nested deeper than `maxJSONDepth` or larger than `maxResponseBytes`, a
/// refused or reset connection, a timeout, a certificate that does not verify, a malformed
/// URL — is `nil` and is not cached. A failed TLS verification is logged once per source and
/// minute.
///
/// Threads: none per call. A fetch runs on an event loop — the one that owns the page
/// request's connection when the caller names it (`serve`), else a loop of the client's own
/// (`EventLoopThread`, started on first use: `render`, tests) — as a `ClientExchange`:
/// non-blocking socket steps the loop wakes up when the socket is ready, and the timeout a
/// loop timer. A thousand slow calls cost a thousand sockets, not a thousand threads; only a
/// host name's lookup takes a thread (`NameResolver`, at most 16 at once). `completion` runs
/// on that loop's thread (on the caller's own for a cache hit): keep it short.
package final class UpstreamClient: Sendable {
    /// The deepest JSON accepted from an upstream (SPEC §6.2): nested deeper is no value.
    static let maxJSONDepth = 64
    /// The largest response accepted (head and framing included); larger is no value.
    package let maxResponseBytes: Int
    /// The clock for cache TTLs and breaker cooldowns (timeouts use the continuous clock itself).
    let now: @Sendable () -> ContinuousClock.Instant
    let cache: UpstreamCache
    private let resolver: NameResolver
    private let breakers = CircuitBreaker()
    private let metrics: UpstreamMetrics
    /// What every call shares: the connection pool, the resolver, the TLS settings.
    let settings: ClientExchange.Settings
    /// The most upstream calls in flight at once (each holds a socket until it ends, by its
    /// timeout); a miss beyond it is "no value" at once, so a slow backend under a flood
    /// cannot run the process out of descriptors.
    package let maxConcurrentCalls: Int
    private let callsInFlight = Atomic<Int>(0)
    /// The loop of fetches whose caller names none, started on first use (it stops when the
    /// client goes away).
    private let ownLoop = Mutex<EventLoopThread?>(nil)
    private let logger: Logger
    /// When each source last logged a TLS failure.
    private let tlsFailureLogged = Mutex<[String: ContinuousClock.Instant]>([:])

    /// The most bytes the cached values may hold.
    package var cacheBytes: Int { cache.maxBytes }

    /// A client that registers its metrics on `registry`, resolves names with `resolver`,
    /// speaks TLS with `tls` (nil: the system trust store alone) and logs through `logger`.
    /// `now` is the clock for cache TTLs and breaker cooldowns only (timeouts always use the
    /// real monotonic clock); tests inject one. Cached values hold at most `cacheBytes`.
    package init(
        registry: MetricsRegistry,
        maxResponseBytes: Int = 4 << 20,
        cacheBytes: Int = 16 << 20,
        maxConcurrentCalls: Int = 10_000,
        resolver: NameResolver = NameResolver(),
        tls: ClientTLSContext? = nil,
        logger: Logger = Logger(label: "trellis.upstream"),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.resolver = resolver
        cache = UpstreamCache(maxBytes: cacheBytes)
        self.logger = logger
        self.maxResponseBytes = maxResponseBytes
        self.maxConcurrentCalls = maxConcurrentCalls
        self.now = now
        settings = ClientExchange.Settings(
            pool: ClientConnectionPool(), maxResponseBytes: maxResponseBytes, resolver: resolver,
            tls: tls ?? (try? ClientTLSContext()))
        metrics = UpstreamMetrics(registry: registry, breakers: breakers)
    }

    /// Fetches `request` on `loop` (nil: the client's own): from the cache, by joining a call
    /// in flight for the same cache key, or by calling the upstream (unless its source's
    /// breaker is open or too many calls are under way: then no value, or a stale one, at
    /// once). `completion` runs once, by the request's timeout.
    package func fetch(_ request: UpstreamRequest, on loop: EventLoop? = nil,
                       completion: @escaping @Sendable (UpstreamValue?) -> Void) {
        guard let loop = loop ?? clientLoop() else { return completion(nil) }
        let waiter = UpstreamCompletion(completion)
        let deadline = ContinuousClock.now + request.timeout
        switch cache.lookup(request.cacheKey, now: now(), waiter: waiter, deadline: deadline) {
        case .hit(let value):
            metrics.cacheHits.increment([request.source])
            waiter.resolve(.fresh(value))
        case .joined(let callDeadline, let stale):
            guard deadline < callDeadline else { return }
            onLoop(loop) { loop.schedule(at: deadline) { waiter.resolve(stale.map(UpstreamValue.stale)) } }
        case .lead(let lead):
            guard breakers.allows(request.source, now: now()) else {
                metrics.failures.increment([request.source])
                return finish(request, lead: lead, value: nil)
            }
            guard callsInFlight.wrappingAdd(1, ordering: .relaxed).newValue <= maxConcurrentCalls else {
                callsInFlight.wrappingSubtract(1, ordering: .relaxed)
                metrics.failures.increment([request.source])
                breakers.record(request.source, succeeded: false, settings: request.breaker, now: now())
                return finish(request, lead: lead, value: nil)
            }
            onLoop(loop) { self.call(request, lead: lead, deadline: deadline, on: loop) }
        }
    }

    /// Runs `body` on `loop`'s thread, at once if already there.
    func onLoop(_ loop: EventLoop, _ body: @escaping @Sendable () -> Void) {
        if loop.inLoop { return body() }
        loop.execute(body)
    }

    /// The client's own loop, started on first use; nil when it can't be (no epoll instance).
    func clientLoop() -> EventLoop? {
        ownLoop.withLock { own in
            if own == nil { own = try? EventLoopThread(name: "upstream-loop", logger: logger) }
            return own?.loop
        }
    }

    /// The field every upstream GET starts with: only JSON is a value.
    private static let acceptJSON = [ClientHeader("Accept", "application/json")]

    /// Makes the upstream call for `request` on `loop`, records it, caches a success,
    /// resolves the waiters.
    private func call(_ request: UpstreamRequest, lead: UpstreamCache.Lead, deadline: ContinuousClock.Instant, on loop: EventLoop) {
        let started = ContinuousClock.now
        metrics.requests.increment([request.source])
        let get: ClientRequest
        do {
            get = try ClientRequest(.get, url: request.url, headers: Self.acceptJSON + request.headers)
        } catch {
            return record(request, lead: lead, started: started, .failure(error))
        }
        ClientExchange.start(get, deadline: deadline, on: loop, settings: settings) { result in
            self.record(request, lead: lead, started: started, result)
        }
    }

    /// Records the outcome of a call (metrics, breaker, the TLS failure log) and ends it.
    private func record(_ request: UpstreamRequest, lead: UpstreamCache.Lead, started: ContinuousClock.Instant,
                        _ result: Result<ClientResponse, ClientError>) {
        callsInFlight.wrappingSubtract(1, ordering: .relaxed)
        var value: JSONValue?
        var answered = false
        switch result {
        case .success(let response):
            value = Self.value(of: response)
            answered = value != nil || Self.saysThereIsNoValue(response.status)
        case .failure(let error):
            if error == .timeout { metrics.timeouts.increment([request.source]) }
            if case .tls(let reason) = error { logTLSFailure(source: request.source, url: request.url, reason: reason) }
        }
        if value == nil { metrics.failures.increment([request.source]) }
        metrics.duration.observe(ContinuousClock.now - started, labels: [request.source])
        breakers.record(request.source, succeeded: answered, settings: request.breaker, now: now())
        finish(request, lead: lead, value: value)
    }

    /// Whether `status` is a working backend's answer that the key has no value (a 4xx: an
    /// unknown id, a user not signed in), which is "no value" but not a failure for the breaker:
    /// requests for unknown ids, or anonymous ones to a personal source, must not open it for
    /// everyone else. 408 and 429 say the backend is struggling, so they count as failures.
    static func saysThereIsNoValue(_ status: Int) -> Bool {
        (400..<500).contains(status) && status != 408 && status != 429
    }

    /// Ends the call `lead` made for `request`: caches `value`, answers every waiter (stale when
    /// there is no value but a cached one inside its stale window).
    private func finish(_ request: UpstreamRequest, lead: UpstreamCache.Lead, value: JSONValue?) {
        let (waiters, answer) = cache.finish(request.cacheKey, lead: lead, value: value, ttl: request.ttl,
                                             staleIfError: request.staleIfError, now: now(), source: request.source)
        for waiter in waiters { waiter.resolve(answer) }
    }

    /// The JSON value of `response`: nil for a status other than 200 or a body that is not
    /// JSON (or nested deeper than `maxJSONDepth`).
    private static func value(of response: ClientResponse) -> JSONValue? {
        guard response.status == 200 else { return nil }
        return try? JSONParser.parse(response.body, maxDepth: Self.maxJSONDepth)
    }

    /// Logs a failed TLS handshake of `source`, at most once a minute per source.
    private func logTLSFailure(source: String, url: String, reason: String) {
        let now = ContinuousClock.now
        let due = tlsFailureLogged.withLock { logged in
            guard logged[source].map({ now - $0 >= .seconds(60) }) ?? true else { return false }
            logged[source] = now
            return true
        }
        if due { logger.warning("upstream TLS failed: \(reason)", metadata: ["source": "\(source)", "url": "\(url)"]) }
    }
}
