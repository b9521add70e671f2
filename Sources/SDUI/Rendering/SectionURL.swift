/// The url a section is fetched alone from (SPEC §10.1): `<page path>?<query>_section=<name>`,
/// where `<query>` is each declared query parameter the request carried, in declared order, as
/// `name=value&`, percent-encoded (RFC 3986 unreserved characters kept, every other byte of the
/// UTF-8 as `%XX`).
enum SectionURL {
    /// `<page path>?<query>`: the page's path from its route and `params`, then the query.
    static func base(of page: PageTemplate, params: [String: String], query: [String: String]) -> String {
        var url = ""
        for segment in page.route?.segments ?? [] {
            url += "/"
            switch segment {
            case .literal(let text): url += text
            case .param(let name): url += params[name] ?? ""  // route values are unreserved characters only
            }
        }
        if url.isEmpty { url = "/" }
        url += "?"
        for name in page.query {
            if let value = query[name] { url += escaped(name) + "=" + escaped(value) + "&" }
        }
        return url
    }

    /// `text` with every byte but RFC 3986's unreserved ones as `%XX` (uppercase hex).
    static func escaped(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if Route.isValueByte(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hex = Array("0123456789ABCDEF".utf8)
}
