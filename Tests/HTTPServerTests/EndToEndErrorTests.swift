import TestSupport
import Foundation
import Glibc
import Testing
@testable import HTTPServer

@Suite("End to end: protocol errors")
struct EndToEndErrorTests {
    static let cases: [(String, Int, String)] = [
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, "bad_request"),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501, "not_implemented"),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4, 5\r\n\r\nabcd", 400, "bad_request"),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: 1\r\n folded\r\n\r\n", 400, "bad_request"),
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400, "bad_request"),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{1}b\r\n\r\n", 400, "bad_request"),
        ("GET / HTTP/1.1\r\n\r\n", 400, "bad_request"),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "bad_request"),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505, "http_version_not_supported"),
        ("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505, "http_version_not_supported"),
        ("FISH / HTTP/1.1\r\nHost: a\r\n\r\n", 501, "not_implemented"),
        ("GET /a#b HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request"),
        ("GET /a{b} HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request"),
        // One data byte per chunk behind a 4,000-byte extension: 413 once over the framing budget.
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + String(repeating: "1;" + String(repeating: "e", count: 4000) + "\r\nX\r\n", count: 20), 413, "content_too_large"),
        ("GET / HTTP/1.1\nHost: a\n\n", 400, "bad_request"),
        ("\u{16}\u{3}\u{1}\u{0}", 400, "bad_request"),
        ("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: a\r\n\r\n", 414, "uri_too_long"),
        ("GET / HTTP/1.1\r\nHost: a\r\n" + (0..<101).map { "X-\($0): v\r\n" }.joined() + "\r\n", 431, "header_fields_too_large"),
        ("POST /home HTTP/1.1\r\nHost: a\r\nContent-Length: 2097152\r\n\r\n" + String(repeating: "x", count: 100_000), 413, "content_too_large"),
    ]

    @Test(arguments: 0..<cases.count)
    func malformedRequestGetsJSONErrorThenEOF(_ index: Int) throws {
        let (text, status, code) = Self.cases[index]
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send(text)
        let response = try client.readResponse()
        #expect(response.status == status)
        #expect(response.header("Connection") == "close")
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.bodyText.hasPrefix("{\"error\":{\"status\":\(status),\"code\":\"\(code)\",\"message\":\""))
        #expect(try client.readsEOF())
    }

    /// The server's own error answer to a `HEAD` has no body, like any answer to one: its
    /// `Content-Length` is the body a GET would get, and the connection closes after the head.
    @Test func aHeadRequestsErrorAnswerIsItsHeadAlone() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("HEAD / HTTP/1.1\r\nHost: a\r\nContent-Length: 2097152\r\n\r\n")
        let response = try client.readResponse(head: true)
        #expect(response.status == 413 && response.header("Connection") == "close")
        #expect(Int(response.header("Content-Length") ?? "") ?? 0 > 0)
        #expect(try client.readToEnd().isEmpty, "no body after the head")
    }

    @Test func tlsClientHelloIsAnsweredAtOnceNotAfterATimeout() throws {
        let (server, _) = try makeServer { $0.headTimeout = .seconds(30) }
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort, timeout: 2)
        client.send([0x16, 0x03, 0x01, 0x02, 0x00, 0x01])
        #expect(try client.readResponse().status == 400)
    }

    /// A request line that can't become valid is answered as soon as its bad byte arrives, not
    /// when its LF does (it never will) nor at the head timeout: with an hour's head timeout, the
    /// answer read here can only be the parser's.
    @Test(arguments: ["GET\0", "GET /ho\u{1}me", "GET / X", "GET /home HTTP/1.1\r\nHost: x\r\n\0"])
    func aLineThatCannotBecomeValidIsAnsweredBeforeItEnds(_ text: String) throws {
        let (server, _) = try makeServer { $0.headTimeout = .seconds(3600) }
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort, timeout: 60)
        client.send(text)
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(response.bodyText.contains("bad_request"))
        #expect(try client.readsEOF())
    }

    /// The clock of the head timeout is unit-tested with an injected clock
    /// (`ConnectionStateMachineTests.headTimeoutIsNotResetByTrickledBytes`); end to end, the
    /// 408 must come while the head is still trickling in: counted in bytes, not seconds.
    @Test func slowlorisGets408WhileStillTrickling() throws {
        let (server, _) = try makeServer { $0.headTimeout = .milliseconds(500) }
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort, timeout: 5)
        let text = Array("GET / HTTP/1.1\r\nHost: a\r\nX-Long: ".utf8) + [UInt8](repeating: 97, count: 200)
        var sent = 0
        // One byte, then wait up to 50 ms for the server's answer (an event, not a sleep).
        while sent < text.count, !Self.readable(client.fd, waitingMillis: 50) {
            client.send([text[sent]])
            sent += 1
        }
        #expect(sent > 3 && sent < text.count, "the 408 came after \(sent) trickled bytes")
        let response = try client.readResponse()
        #expect(response.status == 408)
        #expect(response.bodyText.contains("request_timeout"))
        #expect(try client.readsEOF())
    }

    private static func readable(_ fd: Int32, waitingMillis: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, waitingMillis) > 0
    }

    @Test func idleTimeoutClosesSilently() throws {
        let (server, _) = try makeServer { $0.idleTimeout = .milliseconds(300) }
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort, timeout: 3)
        client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        // Closed by the server: without the idle timeout the client's read would give up (3 s) instead.
        #expect(try client.readsEOF())
        #expect(eventually { server.openConnections == 0 })
    }

    @Test func clientResetMidResponseDoesNotHurtOthers() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        for _ in 0..<20 {
            let rude = try TestClient(port: server.boundPort)
            rude.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\nGET /big HTTP/1.1\r\nHost: a\r\n\r\n")
            rude.reset()
        }
        let client = try TestClient(port: server.boundPort)
        client.send("GET /ok HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().bodyText == "GET /ok - 0")
        #expect(eventually { server.openConnections == 1 })
    }
}
