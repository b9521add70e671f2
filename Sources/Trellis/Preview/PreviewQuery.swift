import Foundation
import HTTPServer

/// What a preview request asks for (SPEC §8.2): the clients to compare (`client=`, repeatable;
/// `none` for a request without `X-Client-Version`) and what every column shares: `device=`,
/// `variant=` (repeatable, `home-hero=B`), `release=` and `locale=`. Other parameters go on to
/// the page request, so a page's declared query parameters work in the preview too.
struct PreviewQuery: Sendable {
    /// The columns shown when the request names no client.
    static let defaultClients = ["none", "ios/4.9.0", "ios/6.0.0", "web/1.0.0"]
    /// The most columns one preview renders; further `client=` are ignored.
    static let maxClients = 12

    var clients: [String] = []
    var device: String?
    var variants: [String] = []
    var release: String?
    var locale: String?
    /// The parameters that are not the preview's own, for the page request.
    var passthrough: [(String, String)] = []

    init(_ query: String?) {
        for (name, value) in QueryParameters.pairs(query) {
            let value = value.trimmingCharacters(in: .whitespaces)
            switch name {
            case "client": if !value.isEmpty, clients.count < Self.maxClients { clients.append(value) }
            case "device": device = value.isEmpty ? nil : value
            case "variant": if !value.isEmpty { variants.append(value) }
            case "release": release = value.isEmpty ? nil : value
            case "locale": locale = value.isEmpty ? nil : value
            default: passthrough.append((name, value))
            }
        }
        if clients.isEmpty { clients = Self.defaultClients }
    }

    /// The request headers of one column's client.
    func headers(for client: String) -> HTTPHeaders {
        var headers = HTTPHeaders()
        if client != "none" { headers.add("X-Client-Version", client) }
        if let device { headers.add("X-Device-Id", device) }
        if !variants.isEmpty { headers.add("X-AB-Variant", variants.joined(separator: ", ")) }
        if let release { headers.add("X-Release", release) }
        if let locale { headers.add("Accept-Language", locale) }
        return headers
    }

    /// The query string of this preview, changed by `change`.
    func link(_ change: (inout PreviewQuery) -> Void = { _ in }) -> String {
        var query = self
        change(&query)
        var pairs = query.clients.map { ("client", $0) }
        if let device = query.device { pairs.append(("device", device)) }
        pairs += query.variants.map { ("variant", $0) }
        if let release = query.release { pairs.append(("release", release)) }
        if let locale = query.locale { pairs.append(("locale", locale)) }
        return "?" + HTML.query(pairs + query.passthrough)
    }
}
