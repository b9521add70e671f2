/// The url a section is fetched alone from (SPEC §10.1): `<page path>?<query>_section=<name>`,
/// where `<query>` is each declared query parameter the request carried, in declared order, as
/// `name=value&`, percent-encoded (RFC 3986 unreserved characters kept, every other byte of the
/// UTF-8 as `%XX`); a page of its list (SPEC §10.2) adds `&_after=N`, and a backend's cursor
/// sets its query parameter.
struct SectionURL: Sendable {
    /// The page's path from its route and `params`.
    var path = "/"
    /// The page's declared query parameters, in declared order.
    var declared: [String] = []
    /// The values the request carried for them.
    var values: [String: String] = [:]

    init() {}

    init(page: PageTemplate, params: [String: String], query: [String: String]) {
        var path = ""
        for segment in page.route?.segments ?? [] {
            path += "/"
            switch segment {
            case .literal(let text): path += text
            case .param(let name): path += params[name] ?? ""  // route values are unreserved characters only
            }
        }
        self.path = path.isEmpty ? "/" : path
        declared = page.query
        values = query
    }

    /// `<path>?<query>_section=<name>`, then `&_after=<after>` when given; `parameter` (a
    /// declared one) carries `value` in place of the request's.
    func section(_ name: String, after: Int? = nil, setting parameter: String? = nil, to value: String = "") -> String {
        var url = path + "?"
        for declared in declared {
            if let value = declared == parameter ? value : values[declared] {
                url += PercentEncoding.encode(declared) + "=" + PercentEncoding.encode(value) + "&"
            }
        }
        url += "_section=" + name
        if let after { url += "&_after=" + String(after) }
        return url
    }
}
