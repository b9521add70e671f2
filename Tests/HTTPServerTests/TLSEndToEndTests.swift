import TestSupport
import Foundation
import Glibc
import Testing
@testable import HTTPServer

@Suite("TLS: end to end")
struct TLSEndToEndTests {
    @Test func curlGetsTheBodyOverTLSWithHTTP11() throws {
        let (server, _) = try TLSFixture.makeTLSServer()
        defer { server.stop() }
        let result = TLSFixture.curl(port: server.boundPort, ["/x"], extra: ["-w", "\n%{http_version}"])
        #expect(result.status == 0)
        #expect(result.output == "GET /x - 0\n1.1")
    }

    @Test func curlReusesTheConnectionForTwoURLs() throws {
        let (server, _) = try TLSFixture.makeTLSServer()
        defer { server.stop() }
        let result = TLSFixture.curl(port: server.boundPort, ["/a", "/b"], extra: ["-w", "\n%{num_connects}\n"])
        #expect(result.status == 0)
        #expect(result.output == "GET /a - 0\n1\nGET /b - 0\n0\n")
    }

    @Test func pipelinedRequestsAndALargeBodyOverOneSession() throws {
        let (server, _) = try TLSFixture.makeTLSServer()
        defer { server.stop() }
        let client = try TLSTestClient(port: server.boundPort)
        client.send((0..<10).map { "GET /p\($0) HTTP/1.1\r\nHost: a\r\n\r\n" }.joined())
        for index in 0..<10 {
            #expect(try String(decoding: client.readResponse().body, as: UTF8.self) == "GET /p\(index) - 0")
        }
        client.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\nPOST /after HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc")
        let big = try client.readResponse()
        #expect(big.body.count == 1 << 20 && big.body.allSatisfy { $0 == 65 })
        #expect(try String(decoding: client.readResponse().body, as: UTF8.self) == "POST /after - 3")
    }

    @Test func drainClosesAnIdleSessionWithCloseNotify() throws {
        let (server, _) = try TLSFixture.makeTLSServer()
        let client = try TLSTestClient(port: server.boundPort)
        client.send("GET /one HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try String(decoding: client.readResponse().body, as: UTF8.self) == "GET /one - 0")
        server.drain(grace: .zero, timeout: .seconds(5)) {}
        #expect(client.readsCloseNotify())
        #expect(eventually { server.openConnections == 0 })
    }

    @Test func plainHTTPOnTheTLSPortFailsAlone() throws {
        let (server, _) = try TLSFixture.makeTLSServer()
        defer { server.stop() }
        let plain = try TestClient(port: server.boundPort)
        plain.send("GET /x HTTP/1.1\r\nHost: a\r\n\r\n")
        let result = TLSFixture.curl(port: server.boundPort, ["/ok"])
        #expect(result.status == 0 && result.output == "GET /ok - 0")
        let (bytes, closed) = TLSFixture.readToEnd(plain)
        #expect(closed)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("HTTP/1.1"))
    }

    @Test func garbageHandshakeFailsAlone() throws {
        let (server, _) = try TLSFixture.makeTLSServer()
        defer { server.stop() }
        let garbage = try TestClient(port: server.boundPort)
        var bytes = (0..<512).map { _ in UInt8.random(in: 0...255) }
        bytes[0] = 0xFF  // not a TLS record type
        garbage.send(bytes)
        let result = TLSFixture.curl(port: server.boundPort, ["/ok"])
        #expect(result.status == 0 && result.output == "GET /ok - 0")
        #expect(TLSFixture.readToEnd(garbage).closed)
    }

    @Test func stalledHandshakeDelaysNobodyAndIsClosedAtTheHandshakeTimeout() throws {
        let (server, _) = try TLSFixture.makeTLSServer { configuration in
            configuration.eventLoops = 1  // the staller and the other client share the loop
            configuration.tls?.handshakeTimeout = .seconds(2)
        }
        defer { server.stop() }
        let connected = ContinuousClock.now
        let staller = try TestClient(port: server.boundPort, timeout: 8)
        let result = TLSFixture.curl(port: server.boundPort, ["/ok"])
        #expect(result.status == 0 && result.output == "GET /ok - 0")
        // Served while the staller was still connected: nothing (no EOF) to read on it yet.
        var pending = pollfd(fd: staller.fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pending, 1, 0) == 0, "the staller was closed before the other client was served")
        // Closed by the server (EOF before the client's own 8 s timeout), not before the handshake timeout.
        #expect(TLSFixture.readToEnd(staller).closed)
        #expect(ContinuousClock.now - connected >= .milliseconds(1900))
    }

    @Test func headTimeoutAlsoBoundsTheHandshake() throws {
        let (server, _) = try TLSFixture.makeTLSServer { configuration in
            configuration.headTimeout = .milliseconds(500)
        }
        defer { server.stop() }
        let staller = try TestClient(port: server.boundPort, timeout: 8)
        staller.send([0x16, 0x03, 0x01])  // the start of a record, then nothing
        let (bytes, closed) = TLSFixture.readToEnd(staller)
        #expect(closed && bytes.isEmpty)  // closed by the server (EOF, not our 8 s timeout), no 408 in plaintext
        #expect(eventually { server.openConnections == 0 })
    }
}
