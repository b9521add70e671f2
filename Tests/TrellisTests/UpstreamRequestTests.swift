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

    @Test func parsesHTTPTargets() throws {
        let target = try #require(UpstreamTarget("http://127.0.0.1:9100/recs/42?x=1"))
        #expect(target.host == "127.0.0.1")
        #expect(target.port == 9100)
        #expect(target.path == "/recs/42?x=1")
        #expect(target.hostHeader == "127.0.0.1:9100")
        let bare = try #require(UpstreamTarget("http://example.com"))
        #expect(bare.port == 80 && !bare.secure)
        let secure = try #require(UpstreamTarget("https://example.com/a"))
        #expect(secure.secure && secure.port == 443 && secure.poolKey == "https://example.com:443")
        #expect(bare.path == "/")
        let v6 = try #require(UpstreamTarget("http://[::1]:8080/a"))
        #expect(v6.host == "::1")
        #expect(v6.port == 8080)
    }

    @Test func rejectsWhatItCannotFetch() {
        #expect(UpstreamTarget("ftp://example.com/a") == nil)
        #expect(UpstreamTarget("http://user@example.com/a") == nil)
        #expect(UpstreamTarget("http://example.com:0/a") == nil)
        #expect(UpstreamTarget("http://example.com:99999/a") == nil)
        #expect(UpstreamTarget("http:///a") == nil)
        #expect(UpstreamTarget("http://example.com/a b") == nil)
        #expect(UpstreamTarget("http://example.com/a\r\nX-Injected: 1") == nil)
        #expect(UpstreamTarget("http://example.com/ü") == nil)
    }

    @Test func parsesResponseHeads() throws {
        let head = try UpstreamResponseHead(ArraySlice("HTTP/1.1 200 OK\r\nContent-Length: 12\r\nContent-Length: 12".utf8))
        #expect(head.status == 200 && head.contentLength == 12 && !head.chunked && head.keepAlive)
        let chunked = try UpstreamResponseHead(ArraySlice("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close".utf8))
        #expect(chunked.chunked && !chunked.keepAlive && chunked.contentLength == nil)
        let old = try UpstreamResponseHead(ArraySlice("HTTP/1.0 200 OK".utf8))
        #expect(!old.keepAlive)
        #expect(throws: UpstreamError.malformedResponse) {
            try UpstreamResponseHead(ArraySlice("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2".utf8))
        }
        #expect(throws: UpstreamError.malformedResponse) { try UpstreamResponseHead(ArraySlice("SPDY 200".utf8)) }
    }
}
