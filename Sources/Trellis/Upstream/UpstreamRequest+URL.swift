import SDUI

extension UpstreamRequest {
    /// `template` with every `{{key}}` replaced by `key`, percent-encoded.
    ///
    /// RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`) stay as they are; every other
    /// UTF-8 byte becomes `%XX` (upper-case hex), so `/`, `?`, `#`, `%` and spaces in a key
    /// can never change the URL's shape. A data entry's `params` (`query`, encoded already,
    /// SPEC §10.2) are appended to its query string, after `?` or `&` as the URL needs.
    package static func url(template: String, key: String, query: String = "") -> String {
        let url = template.replacing("{{key}}", with: percentEncoded(key))
        guard !query.isEmpty else { return url }
        guard let mark = url.firstIndex(of: "?") else { return url + "?" + query }
        return url.index(after: mark) == url.endIndex || url.hasSuffix("&") ? url + query : url + "&" + query
    }

    /// `text` with every byte outside the RFC 3986 unreserved set as `%XX`.
    package static func percentEncoded(_ text: String) -> String {
        PercentEncoding.encode(text)
    }
}
