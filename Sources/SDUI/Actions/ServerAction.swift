/// An action the server performs (SPEC §11): `Pages/actions/<name>.json`, compiled when Pages
/// load. The input it accepts, the backend call it makes, the cached values it drops, the
/// sections it renders anew, and the ops it answers with.
///
/// A class: every action request looks one up and hands it on (the checks, the call, the
/// refresh), and copying a reference is one count where copying these fields was about ten.
public final class ServerAction: Sendable {
    /// The file's name (`add-to-cart` for `actions/add-to-cart.json`): `POST /_actions/<name>`.
    public let name: String
    /// The declared input fields, in the file's order.
    let input: [InputRule]
    /// The backend call.
    public let upstream: ActionUpstream
    /// The sources whose cached values a success drops.
    public let invalidates: [String]
    /// The sections a success renders anew, when the client's page has them.
    public let refresh: [String]
    /// The ops answered after the refreshed sections on a success.
    let then: [ActionOp]
    /// The ops answered for a backend 4xx, by status.
    let onError: [Int: [ActionOp]]

    init(name: String, input: [InputRule], upstream: ActionUpstream, invalidates: [String], refresh: [String], then: [ActionOp],
         onError: [Int: [ActionOp]]) {
        self.name = name
        self.input = input
        self.upstream = upstream
        self.invalidates = invalidates
        self.refresh = refresh
        self.then = then
        self.onError = onError
    }

    /// Whether the backend answered `status` with ops of its own to show (SPEC §11's `onError`).
    public func handles(error status: Int) -> Bool { onError[status] != nil }
}

/// Where and how an action calls its backend (SPEC §11's `upstream`).
public struct ActionUpstream: Sendable {
    /// The methods an action may call with.
    public static let methods = ["POST", "PUT", "PATCH", "DELETE"]
    /// The URL template: literal text and `{{input.<name>}}` in path segments.
    let url: [TextPart]
    /// POST, PUT, PATCH or DELETE.
    public let method: String
    /// Request header names copied onto the call when the client sent them.
    public let forwardHeaders: [String]
    /// The call's deadline, name lookup included (default 2000).
    public let timeoutMs: Int

    /// Whether it forwards `Cookie`: browsers send that by themselves, so a cross-site page
    /// could make the call (SPEC §11's `Origin` rule).
    /// The names are tokens (ASCII, checked at load), so one of another length than `cookie` is
    /// passed over without being lower-cased (every action asks).
    public var forwardsCookie: Bool { forwardHeaders.contains { $0.utf8.count == 6 && $0.lowercased() == "cookie" } }

    /// The URL for `input`: each `{{input.<name>}}` replaced by the field's text,
    /// percent-encoded (RFC 3986 unreserved characters kept), so no value changes the URL's
    /// shape; an absent field is empty.
    public func url(input: JSONObject) -> String {
        var url = ""
        for part in self.url {
            switch part {
            case .literal(let text): url += text
            case .binding(let path): url += input[path.segments[1]].flatMap(Self.text).map(PercentEncoding.encode) ?? ""
            }
        }
        return url
    }

    /// The text a scalar input value fills a path segment with.
    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    /// Whether the URL binds the input field `name` (a scan: a URL has few parts, and a set
    /// of them, made per request, cost more than the look-ups).
    func binds(_ name: String) -> Bool {
        url.contains { part in
            guard case .binding(let path) = part else { return false }
            return path.segments[1] == name
        }
    }
}
