/// The typed record of one action answer (SPEC §11): the access log's `action=` and `backend=`
/// fields and the action metrics' labels are built from it. Rides on the response's annotation.
struct ActionRecord: Sendable {
    /// The action performed; `-` when the path names none (its metric label stays bounded).
    let action: String
    /// The backend's status, nil when it was not called or gave no response.
    let backendStatus: Int?
    /// The trace id's 128 bits (`TraceContext.traceBits`).
    let traceBits: (high: UInt64, low: UInt64)

    /// Writes `trace_id=… action=… backend=…` (and `error=` for an error answer) into `line`.
    func appendAccessFields(to line: inout LogLine, errorCode: String?) {
        line.traceID("trace_id", traceBits)
        line.field("action", action)
        if let backendStatus { line.number("backend", backendStatus) } else { line.field("backend", word: "-") }
        if let errorCode { line.field("error", errorCode) }
    }
}
