/// The typed record of one action answer (SPEC §11): the access log's `action=` and `backend=`
/// fields and the action metrics' labels are built from it. Rides on the response's annotation
/// within an existential's three inline words, so an answer allocates nothing for it
/// (ActionCheckTests): the action's name is not kept, as the request's path names it.
struct ActionRecord: Sendable {
    /// The trace id's 128 bits (`TraceContext.traceBits`).
    let traceBits: (high: UInt64, low: UInt64)
    /// The backend's status; 0 when it was not called or gave no response.
    private let backend: UInt16
    /// Whether the path named an action of the site: otherwise its label is `-`, so the
    /// metric's labels stay bounded whatever paths are posted to.
    let namesAction: Bool

    init(namesAction: Bool, backendStatus: Int?, traceBits: (high: UInt64, low: UInt64)) {
        self.traceBits = traceBits
        backend = backendStatus.map { UInt16(clamping: $0) } ?? 0
        self.namesAction = namesAction
    }

    /// The backend's status, nil when it was not called or gave no response.
    var backendStatus: Int? { backend == 0 ? nil : Int(backend) }

    /// The action's label for a request to `path` (`/_actions/<name>`): its name, or `-`.
    func action(path: String) -> String {
        namesAction ? ActionCheck.actionName(path) : "-"
    }

    /// Writes `trace_id=… action=… backend=…` (and `error=` for an error answer) into `line`;
    /// `action` is the label `action(path:)` gave.
    func appendAccessFields(to line: inout LogLine, action: String, errorCode: String?) {
        line.traceID("trace_id", traceBits)
        line.field("action", action)
        if let backendStatus { line.number("backend", backendStatus) } else { line.field("backend", word: "-") }
        if let errorCode { line.field("error", errorCode) }
    }
}
