#if canImport(Glibc)
import Glibc
#endif
import SDUI

extension UpstreamRequest {
    /// `template` with every `{{key}}` replaced by `key`, percent-encoded.
    ///
    /// RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`) stay as they are; every other
    /// UTF-8 byte becomes `%XX` (upper-case hex), so `/`, `?`, `#`, `%` and spaces in a key
    /// can never change the URL's shape. A data entry's `params` (`query`, encoded already,
    /// SPEC §10.2) are appended to its query string, after `?` or `&` as the URL needs.
    package static func url(template: String, key: String, query: String = "") -> String {
        let url = filled(template, percentEncoded(key))
        guard !query.isEmpty else { return url }
        guard let mark = url.firstIndex(of: "?") else { return url + "?" + query }
        return url.index(after: mark) == url.endIndex || url.hasSuffix("&") ? url + query : url + "&" + query
    }

    /// `template` with every `{{key}}` replaced by `value`, found a byte at a time (the
    /// standard library's `replacing`, its twin in UpstreamRequestTests, costs tens of
    /// thousands of instructions a URL).
    static func filled(_ template: String, _ value: String) -> String {
        let marker: StaticString = "{{key}}"
        var template = template
        return template.withUTF8 { bytes in
            let count = marker.utf8CodeUnitCount
            var result: [UInt8] = []
            var copied = 0, index = 0
            while index + count <= bytes.count {
                guard bytes[index] == UInt8(ascii: "{"), memcmp(bytes.baseAddress! + index, marker.utf8Start, count) == 0 else {
                    index += 1
                    continue
                }
                if result.isEmpty { result.reserveCapacity(bytes.count + value.utf8.count) }
                result += bytes[copied..<index]
                result += value.utf8
                index += count
                copied = index
            }
            guard copied > 0 else { return String(decoding: bytes, as: UTF8.self) }
            result += bytes[copied...]
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// `text` with every byte outside the RFC 3986 unreserved set as `%XX`.
    package static func percentEncoded(_ text: String) -> String {
        PercentEncoding.encode(text)
    }
}
