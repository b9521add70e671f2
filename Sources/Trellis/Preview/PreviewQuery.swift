import Foundation
import HTTPServer

/// What a preview request asks for (SPEC §8.2): the clients to compare (`client=`, repeatable;
/// `none` for a request without `X-Client-Version`) and what every column shares: `device=`,
/// `variant=` (repeatable, `home-hero=B`), `release=`, `locale=`, `capabilities=` (sent as
/// `X-Client-Capabilities`) and `header=Name: value` (repeatable: `Authorization: Bearer alice`
/// for a personal page; SPEC §13). Other parameters go on to the page request, so a page's
/// declared query parameters work in the preview too.
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
    var capabilities: String?
    /// `header=` fields, each a valid field name and value, added to every column's request.
    var headers: [(name: String, value: String)] = []
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
            case "capabilities": capabilities = value.isEmpty ? nil : value
            case "header": if let header = Self.header(value) { headers.append(header) }
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
        if let capabilities { headers.add("X-Client-Capabilities", capabilities) }
        for header in self.headers { headers.add(header.name, header.value) }
        return headers
    }

    /// `Name: value` as a field, or nil when the name is not a token or the value holds a
    /// control character (an empty or broken field line is left out, as a form's empty one).
    private static func header(_ line: String) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = String(line[..<colon]), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.utf8.allSatisfy(ByteClass.isTokenChar), value.utf8.allSatisfy(ByteClass.isFieldValueByte)
        else { return nil }
        return (name, value)
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
        if let capabilities = query.capabilities { pairs.append(("capabilities", capabilities)) }
        pairs += query.headers.map { ("header", $0.name + ": " + $0.value) }
        return "?" + HTML.query(pairs + query.passthrough)
    }
}
