import Testing
@testable import HTTPClient

/// Parsing a response as its bytes arrive, however the socket splits them.
@Suite struct ResponseParserTests {
    /// Feeds `text` in pieces of `size` bytes; the response from the piece that completed it,
    /// and how many bytes were fed by then.
    func parse(_ text: String, pieces size: Int, limit: Int = 4096) throws(ClientError) -> (ClientResponse?, fed: Int) {
        var parser = ResponseParser(limit: limit)
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + size)
            let piece = Array(bytes[offset..<end])
            offset = end
            let response = piece.withUnsafeBytes { raw in Result { () throws(ClientError) in try parser.receive(raw) } }
            if let done = try response.get() { return (done, offset) }
        }
        return (nil, offset)
    }

    static let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\n{\"a\":\r\n3\r\n12}\r\n0\r\nX-Trailer: 1\r\n\r\n"

    @Test(arguments: [1, 2, 7, 4096]) func aChunkedResponseInAnyPiecesIsTheSame(size: Int) throws {
        let (response, fed) = try parse(Self.chunked, pieces: size)
        #expect(response?.status == 200 && response?.keepAlive == true)
        #expect(response.map { String(decoding: $0.body, as: UTF8.self) } == #"{"a":12}"#)
        #expect(fed == Self.chunked.utf8.count)
    }

    @Test(arguments: [1, 3, 4096]) func aContentLengthBodyEndsAtItsLength(size: Int) throws {
        let (response, _) = try parse("HTTP/1.1 404 Nope\r\nContent-Length: 4\r\n\r\nnull", pieces: size)
        #expect(response?.status == 404 && response?.body == Array("null".utf8) && response?.keepAlive == true)
    }

    @Test func bytesPastTheResponseOrConnectionCloseMakeItNotReusable() throws {
        #expect(try parse("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n1HTTP/1.1", pieces: 4096).0?.keepAlive == false)
        #expect(try parse("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 1\r\n\r\n1", pieces: 4096).0?.keepAlive == false)
    }

    @Test func aCloseDelimitedBodyEndsWithTheConnection() throws {
        var parser = ResponseParser(limit: 4096)
        let bytes = Array("HTTP/1.1 200 OK\r\n\r\n[1,".utf8)
        #expect(try bytes.withUnsafeBytes { try parser.receive($0) } == nil)
        #expect(try Array("2]".utf8).withUnsafeBytes { try parser.receive($0) } == nil)
        let response = try parser.receiveEnd()
        #expect(response.body == Array("[1,2]".utf8) && !response.keepAlive)
    }

    @Test func theEndBeforeAnythingIsStaleAndMidResponseAFailure() throws {
        var empty = ResponseParser(limit: 4096)
        #expect(throws: ClientError.closedBeforeResponse) { try empty.receiveEnd() }
        var cut = ResponseParser(limit: 4096)
        _ = try Array("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n{".utf8).withUnsafeBytes { try cut.receive($0) }
        #expect(throws: ClientError.connection(errno: 0)) { try cut.receiveEnd() }
    }

    static let interim = "HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\nHTTP/1.1 100 Continue\r\n\r\n"
        + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"

    @Test(arguments: [1, 5, 4096]) func interimResponsesAreSkippedToTheFinalOne(size: Int) throws {
        let (response, fed) = try parse(Self.interim, pieces: size)
        #expect(response?.status == 200 && response?.body == Array("{}".utf8) && response?.keepAlive == true)
        #expect(fed == Self.interim.utf8.count)
    }

    @Test func anInterimResponseAloneIsNotTheAnswer() throws {
        var parser = ResponseParser(limit: 4096)
        #expect(try Array("HTTP/1.1 103 Early Hints\r\n\r\n".utf8).withUnsafeBytes { try parser.receive($0) } == nil)
        #expect(throws: ClientError.connection(errno: 0)) { try parser.receiveEnd() }
    }

    @Test func switchingProtocolsIsMalformed() {
        #expect(throws: ClientError.malformedResponse) {
            try parse("HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", pieces: 4096)
        }
    }

    @Test(arguments: [
        "HTTP/1.1 200 OK\nContent-Length: 2\n\n{}",
        "HTTP/1.1 200 OK\r\nContent-Length: 2\n\r\n{}",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\n{}\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\n0\r\n\r\n",
    ]) func aBareLFIsMalformedAsSoonAsItArrives(text: String) {
        // Fed up to and including its first bare LF: no need to wait for more.
        let bytes = Array(text.utf8)
        let bare = bytes.indices.first { bytes[$0] == 10 && ($0 == 0 || bytes[$0 - 1] != 13) }!
        var parser = ResponseParser(limit: 4096)
        #expect(throws: ClientError.malformedResponse) {
            try Array(bytes[...bare]).withUnsafeBytes { try parser.receive($0) }
        }
    }

    @Test func moreThanTheLimitIsTooLarge() {
        #expect(throws: ClientError.tooLarge) { try parse("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n", pieces: 4096, limit: 50) }
        #expect(throws: ClientError.tooLarge) { try parse(Self.chunked, pieces: 1, limit: 40) }
    }
}
