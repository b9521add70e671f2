import HTTPServer
import SDUI

/// Cross-origin access for browser apps on other origins (SPEC §8.1), off unless
/// `--cors-origins` names some. Every answer (pages, 304s, errors, the server's own 4xx) to a
/// request from an allowed `Origin` carries `Access-Control-Allow-Origin` and
/// `Access-Control-Expose-Headers`; every answer carries `Vary: Origin`. A preflight to a page
/// route is answered 204 with the methods and request headers a page request may use.
public struct CORSPolicy: Sendable {
    /// The response headers a page's script may read.
    static let exposedHeaders = "ETag, X-AB-Variant, X-Release, X-Fallbacks, X-Request-Id, X-Upgrade-Required, "
        + "X-Upgrade-Suggested, Content-Language"
    /// The request headers of SPEC §4.1 (and §4.4's `If-Match`), `Accept-Language` and §6.3's
    /// `traceparent`; a route's forwarded headers follow them.
    static let requestHeaders = [
        "X-Client-Version", "X-Client-Capabilities", "X-Device-Id", "X-AB-Variant", "X-Release", "Accept-Encoding",
        "If-None-Match", "If-Match", "Accept-Language", "traceparent",
    ]
    /// How long a browser may cache a preflight's answer, in seconds.
    static let maxAge = 600

    /// Any origin (`*`), or exactly these (lowercased `scheme://host[:port]`).
    private let anyOrigin: Bool
    private let origins: Set<String>

    /// The policy for `--cors-origins`: nil (CORS off) when `origins` is empty.
    public init?(origins: [String]) {
        guard !origins.isEmpty else { return nil }
        anyOrigin = origins.contains("*")
        self.origins = Set(origins.map { $0.lowercased() })
    }

    /// The first entry of `--cors-origins` that is neither `*` nor a serialized origin
    /// (`scheme://host[:port]`, no path, no trailing slash), or nil when all are.
    public static func firstInvalid(_ origins: [String]) -> String? {
        origins.first { origin in
            guard origin != "*" else { return false }
            guard let separator = origin.range(of: "://") else { return true }
            let scheme = origin[..<separator.lowerBound], authority = origin[separator.upperBound...]
            return scheme.isEmpty || authority.isEmpty || !scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
                || authority.contains { "/?#@ ".contains($0) }
        }
    }

    /// The value of `Access-Control-Allow-Origin` for a request with `headers`, or nil when it
    /// has no `Origin` or one not allowed.
    /// An origin listed by name gets itself, even when `*` is listed too: an action's answer
    /// to it allows credentials, which `*` can't carry (SPEC §11).
    func allowedOrigin(_ headers: HTTPHeaders) -> String? {
        guard let origin = headers["Origin"] else { return nil }
        if origins.contains(origin.lowercased()) { return origin }
        return anyOrigin ? "*" : nil
    }

    /// Whether the request's `Origin` is one `--cors-origins` names (`*` does not count): the
    /// only origins an action that forwards `Cookie` answers, with credentials (SPEC §11).
    func listsByName(_ headers: HTTPHeaders) -> Bool {
        guard let origin = headers["Origin"] else { return false }
        return origins.contains(origin.lowercased())
    }

    /// `response` with the CORS fields for a request with `headers`. A page answer's `Vary`
    /// (its pre-encoded headers) names `Origin` already, in its one list (SPEC §12); any other
    /// answer gets a `Vary: Origin` of its own.
    func decorated(_ response: HTTPResponse, requestHeaders headers: HTTPHeaders) -> HTTPResponse {
        var response = response
        if response.preformattedHeaders.isEmpty { response.headers.add("Vary", "Origin") }
        if let origin = allowedOrigin(headers) {
            response.headers.add("Access-Control-Allow-Origin", origin)
            response.headers.add("Access-Control-Expose-Headers", Self.exposedHeaders)
        }
        return response
    }

    /// The answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`) to a page
    /// route or an action of `site` (SPEC §11: `POST`, `Content-Type`, `Idempotency-Key`, §4.1's
    /// and the forwarded headers): 204, with the allowed methods and headers for an allowed
    /// origin; with credentials for an origin listed by name. Nil
    /// for any other request, which the page path answers (an `OPTIONS` there is a 405).
    func preflight(_ request: HTTPRequest, site: Site) -> HTTPResponse? {
        guard request.method == "OPTIONS", request.headers.contains("Access-Control-Request-Method") else { return nil }
        let methods: String, headers: [String]
        if ActionCheck.handles(request.path), let action = site.action(named: ActionCheck.actionName(request.path)) {
            (methods, headers) = ("POST", HeaderNames.merged(Self.actionHeaders, action.upstream.forwardHeaders))
        } else if let match = site.match(path: request.path) {
            (methods, headers) = ("GET, HEAD", Self.allowedHeaders(page: match.page, site: site))
        } else {
            return nil
        }
        var response = HTTPResponse(status: 204)
        guard allowedOrigin(request.headers) != nil else { return response }
        response.headers.add("Access-Control-Allow-Methods", methods)
        response.headers.add("Access-Control-Allow-Headers", headers.joined(separator: ", "))
        response.headers.add("Access-Control-Max-Age", String(Self.maxAge))
        if methods == "POST", listsByName(request.headers) { response.headers.add("Access-Control-Allow-Credentials", "true") }
        return response
    }

    /// The request headers a page request may send: §4.1's, then every header the page's
    /// templates (its canary's too) forward to their sources.
    static func allowedHeaders(page: String, site: Site) -> [String] {
        let templates = [page] + (site.rollout.canary(forPage: page).map { [$0.template] } ?? [])
        return templates.reduce(requestHeaders) { HeaderNames.merged($0, site.forwarding(of: $1).headers) }
    }

    /// The request headers an action's request may send (SPEC §11), before its forwarded ones.
    static let actionHeaders = ["Content-Type", "Idempotency-Key"] + requestHeaders

}
