import Testing
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
}
