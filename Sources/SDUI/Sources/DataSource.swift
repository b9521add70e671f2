/// A data source from `sources.json`.
public struct DataSource: Sendable, Hashable {
    /// How a source's values are obtained.
    public enum Kind: Sendable, Hashable {
        /// Loaded with Pages/ from a `data/` file: an object keyed by id (`Site.fileValue`).
        case file(path: String)
        /// An upstream HTTP(S) service the application fetches.
        case url(UpstreamSource)
    }

    public var name: String
    public var kind: Kind
    /// The source's own timeout, if any.
    public var timeoutMs: Int?
}

/// One request for data that a page needs, resolved for a route match; the application
/// fetches it (or calls `Site.fileValue`) and hands the value to `render` by `entry`.
public struct DataRequest: Sendable, Hashable {
    /// The page's data entry name: the binding the value is known by (`product`).
    public var entry: String
    /// The source name (`products`).
    public var source: String
    /// The resolved key (`42`), not yet percent-encoded.
    public var key: String
    /// The entry's `params` (SPEC §10.2) resolved and percent-encoded, `name=value` joined by
    /// `&` in the order written, for the source URL's query string; empty when it has none.
    public var query = ""
    /// True when the key binds a query parameter the request did not send: the entry has no
    /// value, and nothing is fetched.
    public var keyMissing: Bool = false
    /// No value for a required entry: the page answers 404 with the `not-found` page.
    public var required: Bool
    /// The smaller of the entry's and the source's `timeoutMs`; nil when neither sets one.
    public var timeoutMs: Int?
    /// Where the value comes from.
    public var kind: DataSource.Kind
}

/// A page's `data` entry: `{ "source", "key", "params"?, "required"?, "timeoutMs"? }`, with what
/// its source decides worked out when the page loads (a request only resolves the key).
struct DataEntry: Sendable {
    /// One of `params`: a query parameter passed to a url source, its value a template as the key's.
    struct Param: Sendable {
        let name: String
        let value: [TextPart]
    }

    let name: String
    let source: String
    /// The key template; bindings may only use `params.<name>` and declared `query.<name>`.
    let key: [TextPart]
    /// What the entry adds to its url source's query string, in the order written (SPEC §10.2).
    var params: [Param] = []
    let required: Bool
    /// Where the source's values come from; nil for a source `sources.json` does not declare
    /// (the page is a load problem then).
    let kind: DataSource.Kind?
    /// The smaller of the entry's and the source's `timeoutMs`; nil when neither sets one.
    let timeoutMs: Int?

    init(name: String, source: String, key: [TextPart], required: Bool, timeoutMs: Int?, declared: DataSource?) {
        (self.name, self.source, self.key, self.required, kind) = (name, source, key, required, declared?.kind)
        self.timeoutMs = switch (timeoutMs, declared?.timeoutMs) {
        case let (a?, b?): min(a, b)
        case let (a, b): a ?? b
        }
    }

    /// The key with route and query parameters substituted; nil when a bound parameter has
    /// no value (a query parameter the request did not send).
    func resolveKey(params: [String: String], query: [String: String]) -> String? {
        Self.resolve(key, params: params, query: query)
    }

    /// `params` resolved, percent-encoded and joined as `a=1&b=2`; a parameter whose binding
    /// has no value is left out.
    func resolveParams(params: [String: String], query: [String: String]) -> String {
        var joined = ""
        for param in self.params {
            guard let value = Self.resolve(param.value, params: params, query: query) else { continue }
            if !joined.isEmpty { joined += "&" }
            joined += PercentEncoding.encode(param.name) + "=" + PercentEncoding.encode(value)
        }
        return joined
    }

    /// The template `parts` with route and query parameters substituted; nil when a bound one
    /// has no value.
    private static func resolve(_ parts: [TextPart], params: [String: String], query: [String: String]) -> String? {
        // Most are one part (`{{params.id}}`, `cart`): that part's text, nothing joined.
        if parts.count == 1 { return text(of: parts[0], params: params, query: query) }
        var resolved = ""
        for part in parts {
            guard let text = text(of: part, params: params, query: query) else { return nil }
            resolved += text
        }
        return resolved
    }

    /// A literal's text, or the value of the route or query parameter a binding names (nil: not sent).
    private static func text(of part: TextPart, params: [String: String], query: [String: String]) -> String? {
        switch part {
        case .literal(let text):
            return text
        case .binding(let path):
            let name = path.segments.count == 2 ? path.segments[1] : ""
            return path.root == "query" ? query[name] : params[name]
        }
    }
}
