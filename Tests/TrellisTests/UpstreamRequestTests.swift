import Testing
import TestSupport
@testable import Trellis

@Suite struct UpstreamRequestTests {
    @Test func keepsUnreservedCharacters() {
        #expect(UpstreamRequest.percentEncoded("AZaz09-._~") == "AZaz09-._~")
    }

    @Test func encodesEverythingElseAsUTF8Bytes() {
        #expect(UpstreamRequest.percentEncoded("a b/c?d#e%f&g+h") == "a%20b%2Fc%3Fd%23e%25f%26g%2Bh")
        #expect(UpstreamRequest.percentEncoded("ü€") == "%C3%BC%E2%82%AC")
        #expect(UpstreamRequest.percentEncoded("") == "")
    }

    @Test func fillsEveryKeyPlaceholder() {
        let url = UpstreamRequest.url(template: "http://127.0.0.1:9100/recs/{{key}}?k={{key}}", key: "a/b c")
        #expect(url == "http://127.0.0.1:9100/recs/a%2Fb%20c?k=a%2Fb%20c")
    }

    @Test func appendsAnEntrysParamsAfterQuestionMarkOrAmpersand() {
        #expect(UpstreamRequest.url(template: "http://h/q/{{key}}", key: "a", query: "x=1&y=2") == "http://h/q/a?x=1&y=2")
        #expect(UpstreamRequest.url(template: "http://h/q?text={{key}}", key: "a", query: "x=1") == "http://h/q?text=a&x=1")
        #expect(UpstreamRequest.url(template: "http://h/q/{{key}}?", key: "a", query: "x=1") == "http://h/q/a?x=1")
        #expect(UpstreamRequest.url(template: "http://h/q?text={{key}}&", key: "a", query: "x=1") == "http://h/q?text=a&x=1")
        #expect(UpstreamRequest.url(template: "http://h/q/{{key}}", key: "a", query: "") == "http://h/q/a")
    }

    /// A template's `{{key}}`s filled a byte at a time (`filled`) against the standard
    /// library's `replacing`, on generated templates with none, one or several markers, broken
    /// ones (`{{key}`, `{{ke}}`), and values with braces and non-ASCII.
    @Test func aTemplateIsFilledAsReplacingFillsIt() {
        var random = SeededGenerator(seed: 0x7E11)
        let pieces = ["http://h/", "{{key}}", "{{key}", "{{ke}}", "{", "}", "?k=", "é", "{{key}}{{key}}", "/x"]
        let values = ["", "a%2Fb", "{{key}}", "é", "{"]
        var filled = 0
        for _ in 0..<GeneratedCases.count(default: 5_000) {
            let template = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let value = values.randomElement(using: &random)!
            #expect(UpstreamRequest.filled(template, value) == template.replacing("{{key}}", with: value), "\(template) \(value)")
            if template.contains("{{key}}") { filled += 1 }
        }
        #expect(filled > 500)
    }
}
