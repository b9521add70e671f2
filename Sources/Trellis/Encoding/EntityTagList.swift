/// `If-None-Match` and `If-Match` field values (RFC 9110 §13.1.1, §13.1.2): `*` or a
/// comma-separated list of entity tags (`"x"` or `W/"x"`), with optional whitespace.
///
/// Commas inside a quoted tag are part of the tag; an element that is not a quoted tag is
/// skipped (it never matches).
package enum EntityTagList {
    /// How two tags are compared (RFC 9110 §8.8.3.2).
    package enum Comparison {
        /// `If-None-Match`: equal opaque parts, whether either is weak.
        case weak
        /// `If-Match`: equal opaque parts, and neither is weak.
        case strong
    }

    /// Whether `headerValue` is `*` or lists a tag that matches `etag` (itself `"x"` or `W/"x"`).
    package static func matches(_ headerValue: String, etag: String, comparison: Comparison) -> Bool {
        let etagIsWeak = etag.utf8.starts(with: "W/".utf8)
        let target = opaque(etag.utf8[...])
        var rest = headerValue.utf8[...]
        while let first = rest.first {
            if first == UInt8(ascii: ",") || first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                rest = rest.dropFirst()
            } else if first == UInt8(ascii: "*") {
                return true
            } else if let (tag, after) = entityTag(at: rest) {
                let weak = rest.starts(with: "W/".utf8)
                if tag.elementsEqual(target) && (comparison == .weak || !(weak || etagIsWeak)) { return true }
                rest = after
            } else {
                rest = rest.drop { $0 != UInt8(ascii: ",") }
            }
        }
        return false
    }

    /// The quoted opaque part (quotes included) of a tag, without its `W/`.
    private static func opaque(_ tag: Substring.UTF8View) -> Substring.UTF8View {
        tag.starts(with: "W/".utf8) ? tag.dropFirst(2) : tag
    }

    /// The opaque part of the entity tag `text` starts with, and the text after it; nil when
    /// `text` does not start with `"…"` or `W/"…"`.
    private static func entityTag(at text: Substring.UTF8View) -> (Substring.UTF8View, Substring.UTF8View)? {
        let quoted = opaque(text)
        guard quoted.first == UInt8(ascii: "\""),
              let close = quoted.dropFirst().firstIndex(of: UInt8(ascii: "\""))
        else { return nil }
        let end = quoted.index(after: close)
        return (quoted[..<end], quoted[end...])
    }
}
