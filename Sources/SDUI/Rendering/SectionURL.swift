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
            if let value = query[name] { url += PercentEncoding.encode(name) + "=" + PercentEncoding.encode(value) + "&" }
        }
        return url
    }
}
