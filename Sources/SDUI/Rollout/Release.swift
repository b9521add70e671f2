/// Which template of a page a request gets: the page's own (`stable`) or its canary's.
/// The raw value is what `X-Release` says on requests and responses.
public enum Release: String, Sendable, Hashable, CaseIterable {
    case stable
    case canary

    /// Parses a request's `X-Release` value: exactly `canary` or `stable`, lowercase like the
    /// response header, after trimming spaces and tabs around it. Anything else is nil, which
    /// the SPEC says to ignore (no forced release, not a 400).
    public init?(header: String) {
        self.init(rawValue: RolloutRequest.trimmed(Substring(header)))
    }
}
