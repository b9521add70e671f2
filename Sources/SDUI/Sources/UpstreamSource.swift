/// A `url` data source (SPEC §2.3, §6.2): an upstream HTTP(S) service, its caching, what it
/// is forwarded from the page request, and how it fails.
public struct UpstreamSource: Sendable, Hashable {
    /// `http(s)://host[:port]/path?query` with `{{key}}` in the path or query.
    public var urlTemplate: String
    /// How long a success is cached; nil or 0: not cached.
    public var ttlSeconds: Int?
    /// Request header names copied onto the upstream request when the client sent them.
    public var forwardHeaders: [String] = []
    /// Says `"personal": true`, or forwards `Authorization` or `Cookie`: its values belong to
    /// one user, and a page binding it is never shared (SPEC §6.2).
    public var personal = false
    /// After `ttlSeconds`, how long a cached value may still stand in for a failed fetch.
    public var staleIfErrorSeconds = 0
    /// Consecutive failures or timeouts that open the circuit breaker.
    public var breakerFailures = 5
    /// How long an open breaker answers "no value" at once before one probe goes through.
    public var breakerCooldownMs = 5000

    /// A source fetching `urlTemplate`, cached `ttlSeconds`, with the other settings at their defaults.
    public init(urlTemplate: String, ttlSeconds: Int?) {
        self.urlTemplate = urlTemplate
        self.ttlSeconds = ttlSeconds
    }

    /// Header names a source may not forward: hop-by-hop and framing fields (SPEC §6.2).
    public static func isForbiddenForward(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["connection", "keep-alive", "te", "transfer-encoding", "upgrade", "host", "content-length",
                "trailer"].contains(lower) || lower.hasPrefix("proxy-")
    }
}
