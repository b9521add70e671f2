import SDUI

extension UpstreamRequest {
    /// `template` with every `{{key}}` replaced by `key`, percent-encoded.
    ///
    /// RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`) stay as they are; every other
    /// UTF-8 byte becomes `%XX` (upper-case hex), so `/`, `?`, `#`, `%` and spaces in a key
    /// can never change the URL's shape.
    package static func url(template: String, key: String) -> String {
        template.replacing("{{key}}", with: percentEncoded(key))
    }

    /// `text` with every byte outside the RFC 3986 unreserved set as `%XX`.
    package static func percentEncoded(_ text: String) -> String {
        PercentEncoding.encode(text)
    }
}
