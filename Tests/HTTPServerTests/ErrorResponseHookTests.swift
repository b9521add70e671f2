import TestSupport
import Testing
@testable import HTTPServer

/// `HTTPHandler.response(for:head:)`: the handler is shown the head of a request the server
/// refuses itself once that head was read whole (how CORS and an action's fields reach a 413),
/// and that answer keeps the client's `X-Request-Id` (SPEC §13); a failure within the head
/// shows nothing, as no field of it can be read yet.
@Suite("End to end: the handler decorates the server's own errors")
struct ErrorResponseHookTests {
    @Test func aRejectedRequestsHeadReachesTheHandlerAndKeepsItsID() throws {
        let (server, handler) = try makeServer { $0.maxBody = 10 }
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("POST /x HTTP/1.1\r\nHost: a\r\nX-Mark: seen\r\nX-Request-Id: mine-413\r\nContent-Length: 100\r\n\r\n")
        let tooLarge = try client.readResponse()
        #expect(tooLarge.status == 413)
        #expect(tooLarge.header("X-Marked") == "seen")
        #expect(tooLarge.header("X-Head") == "POST /x mine-413")
        #expect(tooLarge.header("X-Request-Id") == "mine-413")
        #expect(tooLarge.bodyText.contains("content_too_large"))
        #expect(eventually { !handler.exchanges.withLock { $0.isEmpty } })
        let exchange = try #require(handler.exchanges.withLock { $0.first })
        #expect(exchange.requestID == "mine-413" && exchange.method == "POST" && exchange.path == "/x" && exchange.status == 413)
        #expect(exchange.requestHeaders.count == 0)  // as before: no request fields in the record
    }

    @Test func aChunkedBodyOverTheLimitKeepsTheHeadAndID() throws {
        let (server, _) = try makeServer { $0.maxBody = 10 }
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("POST /chunks HTTP/1.1\r\nHost: a\r\nX-Request-Id: mine-chunked\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5\r\nhello\r\n14\r\n")
        let tooLarge = try client.readResponse()
        #expect(tooLarge.status == 413)
        #expect(tooLarge.header("X-Head") == "POST /chunks mine-chunked")
        #expect(tooLarge.header("X-Request-Id") == "mine-chunked")
    }

    @Test func aBodyThatStallsKeepsTheHeadAndID() throws {
        let (server, _) = try makeServer { $0.idleTimeout = .milliseconds(300) }
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("POST /slow HTTP/1.1\r\nHost: a\r\nX-Request-Id: mine-408\r\nContent-Length: 10\r\n\r\nabc")
        let timedOut = try client.readResponse()
        #expect(timedOut.status == 408)
        #expect(timedOut.header("X-Head") == "POST /slow mine-408")
        #expect(timedOut.header("X-Request-Id") == "mine-408")
    }

    @Test func aHeadThatFailsAfterSomeFieldsShowsNoneOfThem() throws {
        // Those fields are offsets into bytes not yet copied in: reading one would read past them.
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("GET / HTTP/1.1\r\nHost: a\r\nX-Mark: seen\r\nX-Request-Id: mine-400\r\nno colon here\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(response.header("X-Marked") == nil && response.header("X-Head") == nil)
        let id = try #require(response.header("X-Request-Id"))
        #expect(id != "mine-400" && id.count == RequestID.length)
    }

    @Test func aRequestLineFailureHasNoHeadersToShow() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("FISH / HTTP/1.1\r\nHost: a\r\nX-Mark: seen\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 501)
        #expect(response.header("X-Marked") == nil && response.header("X-Head") == nil)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
    }
}
