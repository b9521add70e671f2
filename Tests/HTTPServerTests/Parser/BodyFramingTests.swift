import Testing
@testable import HTTPServer

@Suite("Parser: body framing")
struct BodyFramingTests {
    @Test func contentLengthBody() throws {
        let request = try #require(parseOnce("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nHello").request)
        #expect(request.body == Array("Hello".utf8))
    }

    @Test func noLengthMeansNoBody() {
        let result = parseAll("POST / HTTP/1.1\r\nHost: a\r\n\r\nGET /b HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(result.requests.map(\.body.count) == [0, 0])
        #expect(result.requests.map(\.path) == ["/", "/b"])
    }

    @Test func identicalDuplicateContentLengthsAreOne() throws {
        let request = try #require(
            parseOnce("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc").request)
        #expect(request.body.count == 3)
    }

    @Test(arguments: ["4, 5", "4,4", "+4", "-1", "", "4 5", "0x10", "abc", "99999999999999999999", "1.0"])
    func badContentLengthIs400(_ value: String) {
        #expect(parseOnce("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: \(value)\r\n\r\nabcd").errorStatus == 400)
    }

    @Test func differentDuplicateContentLengthsAre400() {
        #expect(parseOnce("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\nabcde").errorStatus == 400)
    }

    @Test func contentLengthAndTransferEncodingIs400() {
        let text = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        #expect(parseOnce(text).errorStatus == 400)
        let reversed = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n"
        #expect(parseOnce(reversed).errorStatus == 400)
    }

    @Test(arguments: ["gzip, chunked", "chunked, gzip", "identity", "gzip", "chunked, chunked", "deflate"])
    func unsupportedTransferCodingsAre501(_ value: String) {
        #expect(parseOnce("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: \(value)\r\n\r\n0\r\n\r\n").errorStatus == 501)
    }

    @Test(arguments: ["chunked,", ", chunked", "", "chunked;q=1", "chu nked"])
    func malformedTransferEncodingIs400(_ value: String) {
        #expect(parseOnce("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: \(value)\r\n\r\n0\r\n\r\n").errorStatus == 400)
    }

    @Test func transferEncodingSplitOverTwoFieldsIs501() {
        let text = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        #expect(parseOnce(text).errorStatus == 501)
    }

    @Test func chunkedBodyIsDecoded() throws {
        let text = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n"
            + "5;name=value\r\nHello\r\n7 ; x\r\n World!\r\n0\r\nTrailer-A: 1\r\nTrailer-B: 2\r\n\r\n"
        let request = try #require(parseOnce(text).request)
        #expect(String(decoding: request.body, as: UTF8.self) == "Hello World!")
    }

    @Test func terminatorOnlyIsAnEmptyBody() throws {
        let request = try #require(parseOnce("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n").request)
        #expect(request.body.isEmpty)
    }

    @Test(arguments: ["zz\r\n", "\r\n", "-1\r\n", "5\r\nHelloXX", "1111111111111111\r\n", "5 x\r\n", "5\nHello"])
    func chunkSizeGarbageIs400(_ chunk: String) {
        let text = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk + "\r\n0\r\n\r\n"
        #expect(parseOnce(text).errorStatus == 400)
    }

    @Test(arguments: ["5\r\nHel", "5\r\nHello", "5\r\nHello\r\n", "5\r\nHello\r\n0\r\n", "5\r\nHello\r\n0\r\nT: 1\r\n", "5"])
    func truncatedChunksWaitForMore(_ partial: String) {
        let text = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + partial
        #expect(parseOnce(text).isNeedMore)
    }

    @Test func truncatedContentLengthBodyWaitsForMore() {
        #expect(parseOnce("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc").isNeedMore)
    }

    @Test func bodyLimitIsInclusive() {
        let limits = RequestLimits(maxBody: 10)
        #expect(parseOnce("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n0123456789", limits: limits).request != nil)
        // Declared: fails before a body byte arrives.
        #expect(parseOnce("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\n", limits: limits).errorStatus == 413)
        let chunked = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        #expect(parseOnce(chunked + "5\r\n01234\r\n5\r\n56789\r\n0\r\n\r\n", limits: limits).request?.body.count == 10)
        #expect(parseOnce(chunked + "5\r\n01234\r\n6\r\n", limits: limits).errorStatus == 413)
    }

    @Test func twoMebibytePostIs413ByDefault() {
        #expect(parseOnce("POST /home HTTP/1.1\r\nHost: a\r\nContent-Length: 2097152\r\n\r\n").errorStatus == 413)
    }

    @Test func transferEncodingOnHTTP10Is400() {
        #expect(parseOnce("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n").errorStatus == 400)
    }

    @Test func expectContinueIsReported() {
        var parser = RequestParser()
        let head = "POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n"
        #expect(parser.parse(Array(head.utf8)).isNeedMore)
        #expect(parser.expectsContinue)
    }
}
