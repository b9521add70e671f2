import TestSupport
import Testing
@testable import HTTPServer

/// `HTTPHandler.response(for:requestHeaders:)`: the handler decorates the server's own error
/// answers with the header fields read before the failure (how CORS reaches a 413).
@Suite("End to end: the handler decorates the server's own errors")
struct ErrorResponseHookTests {
    @Test func aRejectedRequestsHeadersReachTheHandler() throws {
        let (server, _) = try makeServer { $0.maxBody = 10 }
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("POST /x HTTP/1.1\r\nHost: a\r\nX-Mark: seen\r\nContent-Length: 100\r\n\r\n")
        let tooLarge = try client.readResponse()
        #expect(tooLarge.status == 413)
        #expect(tooLarge.header("X-Marked") == "seen")
        #expect(tooLarge.bodyText.contains("content_too_large"))
    }

    @Test func aRequestLineFailureHasNoHeadersToShow() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("FISH / HTTP/1.1\r\nHost: a\r\nX-Mark: seen\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 501)
        #expect(response.header("X-Marked") == nil)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
    }
}
