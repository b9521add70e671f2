import Testing
@testable import Trellis

@Suite struct ETagTests {
    @Test func strongTagIsQuotedSHA256Prefix() {
        #expect(ETag.strong(for: Array("hello".utf8)) == "\"2cf24dba5fb0a30e26e83b2ac5b9e29e\"")
        #expect(ETag.strong(for: []) == "\"e3b0c44298fc1c149afbf4c8996fb924\"")
    }

    @Test func differentBodiesGiveDifferentTags() {
        #expect(ETag.strong(for: Array("hello".utf8)) != ETag.strong(for: Array("hellp".utf8)))
    }

    @Test func weakTagPrefixesW() {
        #expect(ETag.weak("\"abc\"") == "W/\"abc\"")
    }

    @Test(arguments: [
        ("\"abc\"", "\"abc\"", true),
        ("W/\"abc\"", "\"abc\"", true),
        ("\"abc\"", "W/\"abc\"", true),
        ("W/\"abc\"", "W/\"abc\"", true),
        ("\"abd\"", "\"abc\"", false),
        ("\"x\", \"abc\"", "\"abc\"", true),
        ("\"x\",W/\"abc\"", "\"abc\"", true),
        ("  \"x\" ,\t \"abc\"  ", "\"abc\"", true),
        ("\"x\", \"y\"", "\"abc\"", false),
        ("*", "\"abc\"", true),
        (" * ", "W/\"abc\"", true),
        ("\"a,b\"", "\"a,b\"", true),
        ("\"a,b\"", "\"b\"", false),
        ("abc", "\"abc\"", false),
        ("abc, \"abc\"", "\"abc\"", true),
        ("w/\"abc\"", "\"abc\"", false),
        ("\"abc", "\"abc\"", false),
        ("", "\"abc\"", false),
    ])
    func ifNoneMatch(header: String, etag: String, expected: Bool) {
        #expect(EntityTagList.matches(header, etag: etag, comparison: .weak) == expected)
    }
}
