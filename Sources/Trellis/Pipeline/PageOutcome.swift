import Foundation
import HTTPServer

/// How the response cache took part in a page answer.
enum CacheUse: String, Sendable {
    /// Answered from the cache.
    case hit
    /// Assembled (or joined an assembly under way) and offered to the cache.
    case miss
    /// Not cached: no response cache in this pipeline (`render`, benchmarks).
    case bypass
    /// Not cached: a personal page never enters or leaves the shared cache (SPEC §6.2).
    case personal
}

/// What the pipeline answered one request with, as typed values: the response to write, and
/// the record the access log and the metrics both read (`PageRecord`, which rides on the
/// response as its annotation so it comes back in `HTTPHandler.didRespond`).
struct PageOutcome: Sendable {
    /// The response for the client: the page in its coding, a 304 or 412, or a JSON error. Its
    /// annotation is the record (the outcome keeps no copy of its own).
    let response: HTTPResponse
    /// The JSON error answered instead of a page, nil for a page.
    let error: HTTPError?

    /// A page answer: `representation` on this client's `terms` (coding, preconditions), answered at `date`.
    init(_ representation: Representation, cache: CacheUse, trace: TraceContext, terms: AnswerTerms, date: Date) {
        error = nil
        var response = representation.response(coding: terms.coding, preconditions: terms.preconditions, date: date)
        response.annotation = PageRecord(representation: representation, cache: cache, trace: trace)
        self.response = response
    }

    /// A JSON error decided before a page was (unknown route, method, malformed header).
    init(_ error: HTTPError, trace: TraceContext) {
        self.error = error
        var response = error.response
        response.annotation = PageRecord(representation: nil, cache: nil, trace: trace)
        self.response = response
    }

    /// The record of the answer.
    var record: PageRecord {
        guard let record = response.annotation as? PageRecord else { preconditionFailure("an outcome's response carries its record") }
        return record
    }

    /// The page served, nil for a JSON error.
    var representation: Representation? { record.representation }
}

/// The typed record of one page-path answer: the access log's fields and the metric labels
/// are both built from it, never parsed from one another.
///
/// Three words, so that it rides on the response's `annotation` (an existential) inline, with
/// no heap box: the page and how the cache took part share one tagged reference, and the trace
/// is kept as its id alone (all the log reads of it).
struct PageRecord: Sendable {
    /// The page served and how the cache took part, or a JSON error.
    private enum Served {
        case hit(Representation), miss(Representation), bypass(Representation), personal(Representation)
        case error
    }

    private let served: Served
    /// The trace id's 128 bits (`TraceContext.traceBits`).
    let traceBits: (high: UInt64, low: UInt64)

    /// The record of `representation` served with `cache`, or of a JSON error when nil.
    init(representation: Representation?, cache: CacheUse?, trace: TraceContext) {
        traceBits = trace.traceBits
        guard let representation, let cache else {
            served = .error
            return
        }
        switch cache {
        case .hit: served = .hit(representation)
        case .miss: served = .miss(representation)
        case .bypass: served = .bypass(representation)
        case .personal: served = .personal(representation)
        }
    }

    /// The page served (200, the not-found page's 404, the upgrade page); nil for a JSON error.
    var representation: Representation? {
        switch served {
        case .hit(let page), .miss(let page), .bypass(let page), .personal(let page): page
        case .error: nil
        }
    }

    /// How the cache took part; nil for a JSON error.
    var cache: CacheUse? {
        switch served {
        case .hit: .hit
        case .miss: .miss
        case .bypass: .bypass
        case .personal: .personal
        case .error: nil
        }
    }

    /// The trace id: 32 lowercase hex digits.
    var traceID: String { TraceContext.traceID(traceBits) }

    /// The `page` label of the metrics: the routed page, `-` for a JSON error.
    var page: String { representation?.result.page ?? "-" }

    /// Fallbacks applied, by original component type (none for a JSON error).
    var fallbackTypes: [String: Int] { representation?.result.fallbackTypes ?? [:] }

    /// Actions replaced or dropped, by original action type (none for a JSON error).
    var actionFallbackTypes: [String: Int] { representation?.result.actionFallbackTypes ?? [:] }

    /// The access-log fields after the common ones: `trace_id=…`, then the page's own fields
    /// (`page=home template=home variants="home-hero=A" release=stable fallbacks=0`), or the
    /// error's `error=code`.
    func accessFields(errorCode: String?) -> String {
        var line = LogLine(capacity: 128)
        appendAccessFields(to: &line, errorCode: errorCode)
        return line.text
    }

    /// Writes `accessFields(errorCode:)` into `line` (the serving path: no `String` made).
    func appendAccessFields(to line: inout LogLine, errorCode: String?) {
        line.literal("trace_id=")
        line.appendTraceID(traceBits)
        if let representation {
            line.literal(" ")
            line.append(representation.accessFields)
        }
        if let errorCode {
            line.literal(" error=")
            line.append(errorCode)
        }
    }
}
