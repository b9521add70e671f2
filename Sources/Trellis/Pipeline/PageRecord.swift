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
        /// A hit answered again to the same head, without the request being handled.
        case repeated(RepeatedPageHit)
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

    /// The record of `hit` answered again (`RepeatedPageHit`) with `trace`.
    init(repeated hit: RepeatedPageHit, trace: TraceContext) {
        traceBits = trace.traceBits
        served = .repeated(hit)
    }

    /// The page served (200, the not-found page's 404, the upgrade page); nil for a JSON error.
    var representation: Representation? {
        switch served {
        case .hit(let page), .miss(let page), .bypass(let page), .personal(let page): page
        case .repeated(let hit): hit.representation
        case .error: nil
        }
    }

    /// The hit answered again, nil for an answer that was handled.
    var repeated: RepeatedPageHit? {
        guard case .repeated(let hit) = served else { return nil }
        return hit
    }

    /// How the cache took part; nil for a JSON error.
    var cache: CacheUse? {
        switch served {
        case .hit, .repeated: .hit
        case .miss: .miss
        case .bypass: .bypass
        case .personal: .personal
        case .error: nil
        }
    }

    /// The trace id: 32 lowercase hex digits.
    var traceID: String { TraceContext.traceID(traceBits) }

    /// The `page` label of the metrics: the routed page, `-` for a JSON error.
    var page: String {
        if case .repeated(let hit) = served { return hit.page }
        return representation?.result.page ?? "-"
    }

    /// The `section` label of the metrics: the section answered alone, empty for a whole page
    /// or a JSON error (SPEC §10.1, §13).
    var section: String {
        if case .repeated(let hit) = served { return hit.section }
        return representation?.result.section ?? ""
    }

    /// Fallbacks applied, by original component type (none for a JSON error).
    var fallbackTypes: [String: Int] { representation?.result.fallbackTypes ?? [:] }

    /// Actions replaced or dropped, by original action type (none for a JSON error).
    var actionFallbackTypes: [String: Int] { representation?.result.actionFallbackTypes ?? [:] }

    /// How the shared cache took part, for the access log (SPEC §13): `stale` when a stale
    /// upstream value was used, else `hit` or `miss`; `bypass` for an answer the shared cache
    /// is never asked for (a personal page, a pipeline without a cache, a JSON error).
    var cacheField: StaticString {
        if let representation, !representation.result.stale.isEmpty { return "stale" }
        switch cache {
        case .hit: return "hit"
        case .miss: return "miss"
        case .bypass, .personal, nil: return "bypass"
        }
    }

    /// The access-log fields after the common ones: `trace_id=…`, then the page's own fields
    /// (`page=home template=home variants="home-hero=A" release=stable fallbacks=0`), or the
    /// error's `error=code`.
    func accessFields(errorCode: String?) -> String {
        var line = LogLine(capacity: 128)
        appendAccessFields(to: &line, errorCode: errorCode)
        return line.text
    }

    /// Writes `accessFields(errorCode:)` into `line`, in its format (the serving path: no
    /// `String` made).
    func appendAccessFields(to line: inout LogLine, errorCode: String?) {
        line.traceID("trace_id", traceBits)
        appendPageFields(to: &line)
        if let errorCode { line.field("error", errorCode) }
    }

    /// The page's own access-log fields (none for a JSON error).
    func appendPageFields(to line: inout LogLine) {
        guard let representation else { return }
        switch line.format {
        case .text: line.fields(representation.accessFields)
        case .json: AccessFields.append(representation.result, to: &line)
        }
    }
}
