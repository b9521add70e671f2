import HTTPServer

/// A cached page answered again to the same request head, without the request being parsed or
/// handled (`RepeatableAnswer`: the server's `HeadMemo`). It stands as the decision memo's
/// entry it came from does — the Pages version that decided it still serves and the upstream
/// values its decision stood on are fresh — and while the response cache holds the same
/// representation for its key. A page with a scheduled edge ahead is never one (its
/// `Cache-Control` depends on the time of each answer). Each answer does what `PageHandler`
/// does for a hit: the cache counts it, the metrics count the request, and its record carries
/// the client's trace or a new one.
final class RepeatedPageHit: RepeatableAnswer, @unchecked Sendable {
    // What each answer reads of the application, held directly (no chain of references to take).
    private let store: SiteStore
    private let cache: ResponseCache<CacheKey, Representation>
    private let upstream: (any UpstreamFetching)?
    private let metrics: TrellisMetrics
    private let key: CacheKey
    /// Where the cache held the representation at the last answer (its loop's thread only).
    private var cacheSlot = -1
    private let freshness: [String]
    /// The page answered.
    let representation: Representation
    /// Its `page` and `section` labels (`PageRecord`), read once.
    let page: String, section: String
    /// Its access-log fields that are the same for each answer.
    let logFields = RepeatedLogFields()
    /// The trace the client continues (`traceparent`); nil: each answer starts its own.
    private let continuedTrace: TraceContext?
    /// Its child of `trellis_requests_total` and its series of the request durations.
    private let requests: LabeledCounter.Child
    let durationSeries: Histogram.Child

    /// The hit that answered `request` on event loop `loop`, with `response`, when it may be
    /// given again: a page from the response cache, decided by the loop's decision memo.
    static func of(_ request: HTTPRequest, response: HTTPResponse, loop: Int, app: TrellisApplication) -> RepeatedPageHit? {
        guard let record = response.annotation as? PageRecord, record.cache == .hit,
              let representation = record.representation, representation.result.nextEdge == nil,
              let memos = app.memos(loop: loop), let decided = memos.decisions.lastFound
        else { return nil }
        let trace = TraceContext(traceparent: request.headers["traceparent"])
        let client = memos.clientLabels.labels(for: request.headers.combinedValue("X-Client-Version"), in: app.store.current)
        return RepeatedPageHit(app: app, key: decided.key, freshness: decided.freshness, representation: representation,
                               continuedTrace: trace.continued ? trace : nil, status: response.status, client: client)
    }

    private init(app: TrellisApplication, key: CacheKey, freshness: [String], representation: Representation,
                 continuedTrace: TraceContext?, status: Int, client: [String]) {
        store = app.store
        cache = app.cache
        upstream = app.dataLoader.upstream
        metrics = app.metrics
        self.key = key
        self.freshness = freshness
        self.representation = representation
        page = representation.result.page
        section = representation.result.section ?? ""
        self.continuedTrace = continuedTrace
        requests = app.metrics.requestsChild(page: page, section: section, status: status, client: client)
        durationSeries = app.metrics.durationSeries(page: page, section: section)
    }

    func answersAgain(_ response: inout HTTPResponse) -> Bool {
        guard store.generation == key.generation,
              freshness.isEmpty || freshness.allSatisfy({ upstream?.isFresh($0) == true }),
              cache.hit(for: key, identicalTo: representation, slotHint: &cacheSlot)
        else { return false }
        let record = PageRecord(repeated: self, trace: continuedTrace ?? TraceContext(traceparent: nil))
        response.annotation = record
        metrics.count(requests)
        return true
    }
}
