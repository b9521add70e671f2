/// A complete, validated request: head and decoded body.
///
/// The server hands one to `HTTPHandler.handle` only after every limit and framing rule of
/// SPEC §4.3 has been checked, so a handler never sees a malformed or oversized request.
public struct HTTPRequest: Sendable {
    /// The method as sent, e.g. `GET` (a token; case-sensitive).
    public var method: String
    /// The raw request-target, e.g. `/product/42?x=1`: made from `path` and `query` for the
    /// origin form (nearly every request), so that reading a request stores no third copy.
    public var target: String {
        otherFormTarget ?? query.map { path + "?" + $0 } ?? path
    }
    /// The target as sent when it is not in origin form (absolute form, `*`), else nil.
    private var otherFormTarget: String?
    /// The target before `?` (for an absolute-form target, its path; `*` for `OPTIONS *`).
    public var path: String
    /// The target after the first `?`, or nil if there is none.
    public var query: String?
    /// The protocol version of the request line.
    public var version: HTTPVersion
    /// The header fields, in order.
    public var headers: HTTPHeaders
    /// The body, with chunked transfer coding already removed.
    public var body: [UInt8]
    /// The request's id, also sent as `X-Request-Id`: the client's own `X-Request-Id` when it
    /// is 1–128 visible ASCII characters, else a per-process unique id (15 hex characters).
    public var requestID: String

    /// Builds a request by hand (tests, tools); `path` and `query` are split from `target`.
    public init(
        method: String, target: String, version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], requestID: String = ""
    ) {
        let (path, query) = Self.split(target)
        self.init(method: method, path: path, query: query, otherFormTarget: target.utf8.first == UInt8(ascii: "/") ? nil : target,
                  version: version, headers: headers, body: body, requestID: requestID)
    }

    /// A request read from the wire: `target` as its bytes, already checked (RFC 9112 §3.2).
    init(method: String, target: UnsafeBufferPointer<UInt8>, version: HTTPVersion) {
        guard target.first == UInt8(ascii: "/") else {
            self.init(method: method, target: String(decoding: target, as: UTF8.self), version: version)
            return
        }
        let mark = target.firstIndex(of: UInt8(ascii: "?"))
        self.init(method: method, path: UnsafeBufferPointer(rebasing: target[..<(mark ?? target.count)]),
                  query: mark.map { UnsafeBufferPointer(rebasing: target[($0 + 1)...]) }, version: version)
    }

    /// A request read from the wire with an origin-form target, as the bytes of its path and
    /// query (checked: ASCII, RFC 3986), which become `path` and `query` directly.
    init(method: String, path: UnsafeBufferPointer<UInt8>, query: UnsafeBufferPointer<UInt8>?, version: HTTPVersion) {
        self.method = method
        self.path = Self.text(ascii: path)
        self.query = query.map(Self.text(ascii:))
        otherFormTarget = nil
        self.version = version
        headers = HTTPHeaders()
        body = []
        requestID = ""
    }

    /// The string of `bytes`, which the parser checked are ASCII: copied in, without the
    /// repairs `String(decoding:as:)` prepares for (half its cost for a short string).
    private static func text(ascii bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { $0.initialize(fromContentsOf: bytes) }
    }

    private init(
        method: String, path: String, query: String?, otherFormTarget: String?, version: HTTPVersion,
        headers: HTTPHeaders, body: [UInt8], requestID: String
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.otherFormTarget = otherFormTarget
        self.version = version
        self.headers = headers
        self.body = body
        self.requestID = requestID
    }

    /// Whether the connection may stay open after this request (RFC 9112 §9.3).
    var wantsKeepAlive: Bool {
        if headers.containsToken("close", in: "Connection") { return false }
        switch version {
        case .http1_1: return true
        case .http1_0: return headers.containsToken("keep-alive", in: "Connection")
        }
    }

    /// Splits a request-target into path and query; absolute-form loses its scheme and authority.
    static func split(_ target: String) -> (path: String, query: String?) {
        if target.utf8.first == UInt8(ascii: "/") {  // origin-form, nearly every request: no copy without a query
            guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (target, nil) }
            return (String(target[..<mark]), String(target[target.utf8.index(after: mark)...]))
        }
        var rest = Substring(target)
        if !rest.hasPrefix("/"), let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
            let afterScheme = rest[rest.index(colon, offsetBy: 3)...]
            let pathStart = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
            rest = afterScheme[pathStart...]
            if rest.isEmpty || rest.first == "?" { rest = "/" + rest }
        }
        guard let mark = rest.firstIndex(of: "?") else { return (String(rest), nil) }
        return (String(rest[..<mark]), String(rest[rest.index(after: mark)...]))
    }
}
