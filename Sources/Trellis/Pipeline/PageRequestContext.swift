import Foundation
import HTTPServer

/// What a page request carries beyond the decisions it leads to: who asked (its request id
/// and trace), what it may pass on to a data source (its header fields), and the clock it is
/// answered by. Built once per request by the caller of `PagePipeline`, and handed on into
/// the data sources.
struct PageRequestContext: Sendable {
    /// The request's `X-Request-Id`, sent on to every upstream call.
    var requestID: String
    /// The request's header fields: a data source copies those it forwards (SPEC §6.2).
    var headers: HTTPHeaders
    /// The trace the request belongs to (SPEC §6.3).
    var trace: TraceContext
    /// The wall-clock time the page is rendered as of (`render --at` moves it).
    var date: Date
    /// The monotonic clock cache and upstream expiries are measured on (tests inject one).
    var now: @Sendable () -> ContinuousClock.Instant
    /// The event loop that owns the request's connection: its url sources are fetched there
    /// (nil outside a server: the upstream client's own loop).
    var eventLoop: EventLoop?

    /// The context of `request`, answered as of `date`, on `eventLoop` when a server's loop serves it.
    init(_ request: HTTPRequest, date: Date, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
         eventLoop: EventLoop? = nil) {
        self.init(request, trace: TraceContext(traceparent: request.headers["traceparent"]), date: date, now: now,
                  eventLoop: eventLoop)
    }

    /// The context of `request` whose trace the caller has read already.
    init(_ request: HTTPRequest, trace: TraceContext, date: Date,
         now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }, eventLoop: EventLoop? = nil) {
        requestID = request.requestID
        headers = request.headers
        self.trace = trace
        self.date = date
        self.now = now
        self.eventLoop = eventLoop
    }
}
