import Testing
@testable import HTTPServer

@Suite("Parser: request line")
struct RequestLineTests {
    @Test func parsesMethodTargetPathQueryVersion() throws {
        let request = try #require(parseOnce("GET /product/42?x=1&y HTTP/1.1\r\nHost: a\r\n\r\n").request)
        #expect(request.method == "GET")
        #expect(request.target == "/product/42?x=1&y")
        #expect(request.path == "/product/42")
        #expect(request.query == "x=1&y")
        #expect(request.version == .http1_1)
        #expect(request.body.isEmpty)
    }


    @Test func http10WithoutHostIsAccepted() {
        #expect(parseOnce("GET / HTTP/1.0\r\n\r\n").request?.version == .http1_0)
    }

    @Test(arguments: [
        "GET /\r\n\r\n",  // HTTP/0.9-style (real)
        "GET / http/1.1\r\nHost: a\r\n\r\n",
        "GET / HTTP/1.10\r\nHost: a\r\n\r\n",
        "GET / HTTP/1\r\nHost: a\r\n\r\n",
        "GET / HTTP/1.x\r\nHost: a\r\n\r\n",
        "GET / HTTPS/1.1\r\nHost: a\r\n\r\n",
        "GET / HTTP/1.1 \r\nHost: a\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET / HTTP/1.1 extra\r\nHost: a\r\n\r\n",
        "GET\r\n\r\n",
        "GET /\tx HTTP/1.1\r\nHost: a\r\n\r\n",
        "G(T / HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET foo HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET * HTTP/1.1\r\nHost: a\r\n\r\n",
        "CONNECT example.com:443 HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET /caf\u{e9} HTTP/1.1\r\nHost: a\r\n\r\n",
    ])
    func malformedRequestLinesAre400(_ text: String) {
        #expect(parseOnce(text).errorStatus == 400)
    }

    @Test func optionsStarAndAbsoluteFormAreAccepted() throws {
        #expect(parseOnce("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n").request?.path == "*")
        let absolute = try #require(parseOnce("GET http://example.com/a/b?q=1 HTTP/1.1\r\nHost: a\r\n\r\n").request)
        #expect(absolute.path == "/a/b")
        #expect(absolute.query == "q=1")
        #expect(parseOnce("GET http://example.com HTTP/1.1\r\nHost: a\r\n\r\n").request?.path == "/")
    }

    @Test(arguments: [[UInt8(0x16), 0x03, 0x01], [0], [UInt8(ascii: " ")], [UInt8(ascii: "\n")], [0xFF]])
    func bytesThatCannotStartARequestFailAtOnce(_ bytes: [UInt8]) {
        var parser = RequestParser()
        #expect(parser.parse(bytes).errorStatus == 400)
    }

    @Test func emptyLinesBeforeTheRequestLineAreSkipped() {
        let result = parseAll("\r\n\r\nGET /a HTTP/1.1\r\nHost: a\r\n\r\n\r\nGET /b HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(result.requests.map(\.path) == ["/a", "/b"])
    }

    @Test func bareLFIsRejected() {
        #expect(parseOnce("GET / HTTP/1.1\nHost: a\r\n\r\n").errorStatus == 400)
        #expect(parseOnce("GET / HTTP/1.1\r\nHost: a\n\r\n").errorStatus == 400)
        #expect(parseOnce("GET / HTTP/1.1\r\nHost: a\r\n\n").errorStatus == 400)
        #expect(parseOnce("\nGET / HTTP/1.1\r\nHost: a\r\n\r\n").errorStatus == 400)
    }

    @Test func requestLineLimitIsInclusive() {
        let limits = RequestLimits(maxRequestLine: 64)
        let exact = "GET /" + String(repeating: "a", count: 64 - 14) + " HTTP/1.1"
        #expect(exact.utf8.count == 64)
        #expect(parseOnce(exact + "\r\nHost: a\r\n\r\n", limits: limits).request != nil)
        let over = "GET /" + String(repeating: "a", count: 65 - 14) + " HTTP/1.1"
        #expect(parseOnce(over + "\r\nHost: a\r\n\r\n", limits: limits).errorStatus == 414)
    }

    @Test func requestLineLimitFailsBeforeTheLineEnds() {
        var parser = RequestParser(limits: RequestLimits(maxRequestLine: 64))
        #expect(parser.parse(Array(("GET /" + String(repeating: "a", count: 100)).utf8)).errorStatus == 414)
    }

    @Test func defaultRequestLineLimitIs8192() {
        let exact = "GET /" + String(repeating: "a", count: 8192 - 14) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        #expect(parseOnce(exact).request != nil)
        let over = "GET /" + String(repeating: "a", count: 8193 - 14) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        #expect(parseOnce(over).errorStatus == 414)
    }
}
