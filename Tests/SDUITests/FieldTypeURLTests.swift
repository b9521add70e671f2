import Testing
@testable import SDUI

/// `url` fields: an RFC 3986 scheme, a colon, something after it, no space or newline; ASCII
/// text is checked byte by byte, other text by Character, with the same answers.
@Suite struct FieldTypeURLTests {
    @Test(arguments: [
        ("https://shop.example/p/3", true), ("app://cart", true), ("a:b", true), ("h+t-t.p9://x", true), ("HTTP://X", true),
        (":x", false), ("x:", false), ("nocolon", false), ("", false), ("1http://x", false), ("ht_p://x", false),
        ("http://a b", false), ("http://a\nb", false), ("http://a\r\nb", false), ("http://a\u{0B}b", false), ("http://a\tb", true),
        ("+x:y", false), ("a@b:c", false),
        // Not ASCII: by Character.
        ("https://ü.example", true), ("hé:x", false), ("http://a\u{2028}b", false), ("http://a\u{85}b", false),
        ("http://a \u{301}b", true), ("a:\u{301}", false), ("ü:x", false),
    ])
    func absoluteURLs(text: String, expected: Bool) {
        #expect(FieldType.isAbsoluteURL(text) == expected)
    }
}
