/// What the `url` sources a template binds take from the request (SPEC §6.2), worked out once
/// when the template is loaded: whether one is personal, and every header name they forward
/// (first spelling, in source order).
public struct Forwarding: Sendable, Hashable {
    /// A source of the template is personal: its pages are never shared.
    public let personal: Bool
    /// The header names forwarded to the template's sources.
    public let headers: [String]

    /// Nothing taken from the request.
    static let none = Forwarding(personal: false, headers: [])

    /// The forwarding of `entries`, whose sources are in `sources`.
    init(entries: [DataEntry], sources: SourceTable) {
        var personal = false
        var headers: [String] = []
        for entry in entries {
            guard case .url(let source)? = sources.sources[entry.source]?.kind else { continue }
            personal = personal || source.personal
            for name in source.forwardHeaders where !headers.contains(where: { $0.lowercased() == name.lowercased() }) {
                headers.append(name)
            }
        }
        self.init(personal: personal, headers: headers)
    }

    /// The header names the non-personal `url` sources of `entries` forward (first spelling, in
    /// source order): every header a shared answer of them can depend on, whichever of the entries
    /// it reads (an answer that reads a personal source is never shared).
    static func sharedHeaders(entries: [DataEntry], sources: SourceTable) -> [String] {
        var headers: [String] = []
        for entry in entries {
            guard case .url(let source)? = sources.sources[entry.source]?.kind, !source.personal else { continue }
            for name in source.forwardHeaders where !headers.contains(where: { $0.lowercased() == name.lowercased() }) {
                headers.append(name)
            }
        }
        return headers
    }

    private init(personal: Bool, headers: [String]) {
        self.personal = personal
        self.headers = headers
    }
}
