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
        let upstreams = Self.upstreams(of: entries, in: sources)
        self.init(personal: upstreams.contains { $0.personal }, headers: Self.forwarded(by: upstreams))
    }

    /// The header names the non-personal `url` sources of `entries` forward (first spelling, in
    /// source order): every header a shared answer of them can depend on, whichever of the entries
    /// it reads (an answer that reads a personal source is never shared).
    static func sharedHeaders(entries: [DataEntry], sources: SourceTable) -> [String] {
        forwarded(by: upstreams(of: entries, in: sources).filter { !$0.personal })
    }

    /// The `url` sources of `entries`, in order.
    private static func upstreams(of entries: [DataEntry], in sources: SourceTable) -> [UpstreamSource] {
        entries.compactMap { entry in
            guard case .url(let source)? = sources.sources[entry.source]?.kind else { return nil }
            return source
        }
    }

    /// Every header name `upstreams` forward, once (first spelling, in order).
    private static func forwarded(by upstreams: [UpstreamSource]) -> [String] {
        upstreams.reduce([]) { names, source in HeaderNames.merged(names, source.forwardHeaders) }
    }

    private init(personal: Bool, headers: [String]) {
        self.personal = personal
        self.headers = headers
    }
}
