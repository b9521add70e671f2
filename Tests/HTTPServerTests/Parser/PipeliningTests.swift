import Testing
@testable import HTTPServer

@Suite("Parser: pipelining and incremental input")
struct PipeliningTests {
    static let mixed = "GET /1 HTTP/1.1\r\nHost: a\r\n\r\n"
        + "POST /2 HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc"
        + "POST /3 HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nxy\r\n0\r\n\r\n"
        + "HEAD /4 HTTP/1.1\r\nHost: a\r\n\r\n"

    @Test func pipelinedRequestsInOneBufferParseInOrder() {
        let result = parseAll(Self.mixed)
        #expect(result.requests.map(\.path) == ["/1", "/2", "/3", "/4"])
        #expect(result.requests.map(\.body.count) == [0, 3, 2, 0])
    }

    @Test func smugglingAttemptStopsAtTheError() {
        // A second request hidden in a body declared two ways must never be parsed.
        let text = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "GET /admin HTTP/1.1\r\nHost: a\r\n\r\n"
        let result = parseAll(text)
        #expect(result.requests.isEmpty)
        #expect(result.last.errorStatus == 400)
    }

    @Test func byteByByteGivesTheSameRequests() throws {
        var parser = RequestParser()
        let bytes = Array(Self.mixed.utf8)
        var start = 0
        var paths: [String] = []
        var end = start
        while end < bytes.count {
            end += 1
            switch parser.parse(Array(bytes[start..<end])) {
            case .needMore: continue
            case .failure(let error): Issue.record("unexpected \(error)")
                return
            case .request(let request, let consumed):
                paths.append(request.path)
                start += consumed
                end = start
            }
        }
        #expect(paths == ["/1", "/2", "/3", "/4"])
    }

    @Test func trickledLimitsStillApply() {
        let over = "GET /" + String(repeating: "a", count: 200) + " HTTP/1.1\r\n\r\n"
        #expect(parseTrickled(Array(over.utf8), limits: RequestLimits(maxRequestLine: 64)).errorStatus == 414)
        #expect(parseTrickled([0x16, 0x03, 0x01]).errorStatus == 400)
    }

    @Test func failedParserStaysFailed() {
        var parser = RequestParser()
        #expect(parser.parse(Array("GET / HTTP/1.1\nHost: a\r\n\r\n".utf8)).errorStatus == 400)
        #expect(parser.parse(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)).errorStatus == 400)
    }
}
