import Testing
@testable import HTTPClient

/// The status line and the framing fields of a response head.
@Suite struct ClientResponseHeadTests {
    func head(_ text: String) throws(ClientError) -> ClientResponseHead {
        try Array(text.utf8).withUnsafeBufferPointer { bytes throws(ClientError) in try ClientResponseHead(bytes) }
    }

    @Test func parsesResponseHeads() throws {
        let plain = try head("HTTP/1.1 200 OK\r\nContent-Length: 12\r\nContent-Length: 12")
        #expect(plain.status == 200 && plain.contentLength == 12 && !plain.chunked && plain.keepAlive)
        let chunked = try head("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close")
        #expect(chunked.chunked && !chunked.keepAlive && chunked.contentLength == nil)
        let old = try head("HTTP/1.0 200 OK")
        #expect(!old.keepAlive)
        #expect(throws: ClientError.malformedResponse) {
            try head("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2")
        }
        #expect(throws: ClientError.malformedResponse) { try head("SPDY 200") }
    }

    @Test func fieldsFollowTheServersGrammar() {
        for bad in [
            "HTTP/1.1 200 OK\r\n Folded: 1", "HTTP/1.1 200 OK\r\nBad Name: 1", "HTTP/1.1 200 OK\r\nX: a\u{1}b",
            "HTTP/1.1 200 OK\r\nContent-Length: +5", "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip", "HTTP/2.0 200 OK",
            "HTTP/1.1 20 OK", "HTTP/1.1 099 Low",
        ] {
            #expect(throws: ClientError.malformedResponse, "\(bad)") { try head(bad) }
        }
    }

    @Test func connectionTokensAndCodingsAreCaseInsensitive() throws {
        let closed = try head("HTTP/1.1 200 OK\r\nCONNECTION: Upgrade, Close\r\nTransfer-Encoding: gzip, Chunked")
        #expect(!closed.keepAlive && closed.chunked)
        #expect(try head("HTTP/1.0 204\r\nConnection: keep-alive").keepAlive)
    }
}
