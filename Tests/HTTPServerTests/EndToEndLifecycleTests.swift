import TestSupport
import Foundation
import Glibc
import Testing
@testable import HTTPServer

@Suite("End to end: lifecycle")
struct EndToEndLifecycleTests {
    @Test func bindFailureThrowsAClearError() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        var configuration = HTTPServer.Configuration()
        configuration.host = "127.0.0.1"
        configuration.port = server.boundPort
        let second = HTTPServer(configuration: configuration, handler: TestHandler())
        #expect {
            try second.start()
        } throws: { error in
            "\(error)".contains("bind 127.0.0.1:\(server.boundPort)")
        }
    }

    @Test func halfClosedClientStillGetsItsAnswersThenEOF() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("GET /async HTTP/1.1\r\nHost: a\r\n\r\nGET /b HTTP/1.1\r\nHost: a\r\n\r\n")
        shutdown(client.fd, Int32(SHUT_WR))
        #expect(try client.readResponse().bodyText == "async")
        let last = try client.readResponse()
        #expect(last.bodyText == "GET /b - 0")
        #expect(last.header("Connection") == "close")
        #expect(try client.readsEOF())
        #expect(eventually { server.openConnections == 0 })
    }

    @Test func manyConcurrentClientsAreServed() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let clients = try (0..<50).map { _ in try TestClient(port: server.boundPort) }
        for (index, client) in clients.enumerated() { client.send("GET /c\(index) HTTP/1.1\r\nHost: a\r\n\r\n") }
        for (index, client) in clients.enumerated() {
            #expect(try client.readResponse().bodyText == "GET /c\(index) - 0")
        }
        #expect(eventually { server.openConnections == 50 })
    }

    @Test func errorExchangesReachDidRespond() throws {
        let (server, handler) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")
        #expect(try client.readResponse().status == 400)
        #expect(eventually { handler.exchanges.withLock { $0.contains { $0.status == 400 && $0.written } } })
    }
}
