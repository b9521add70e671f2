import TestSupport
import Testing
@testable import HTTPServer

@Suite("End to end: basics")
struct EndToEndBasicTests {
    @Test func simpleGetHasServerHeaders() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("GET /echo?x=1 HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.bodyText == "GET /echo x=1 0")
        #expect(response.header("Server") == "Trellis")
        #expect(response.header("X-Request-Id")?.count == 15)
        #expect(response.header("Date")?.hasSuffix("GMT") == true)
        #expect(response.header("X-Pre") == "1")
        #expect(response.header("Connection") == nil)
        #expect(response.header("Content-Type") == "text/plain")
    }

    @Test func tenPipelinedRequestsInOneWriteAnsweredInOrder() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send((0..<10).map { "GET /echo\($0) HTTP/1.1\r\nHost: a\r\n\r\n" }.joined())
        for index in 0..<10 {
            #expect(try client.readResponse().bodyText == "GET /echo\(index) - 0")
        }
    }

    @Test func thousandRequestsOnOneKeepAliveConnection() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        for index in 0..<1000 {
            client.send("GET /n\(index) HTTP/1.1\r\nHost: a\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.bodyText == "GET /n\(index) - 0")
        }
        #expect(server.openConnections == 1)
    }

    @Test func aLaterHTTP1MinorVersionIsServedAsHTTP11AndKeptAlive() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        for path in ["/a", "/b"] {
            client.send("GET \(path) HTTP/1.9\r\nHost: a\r\n\r\n")
            let response = try client.readResponse()  // its status line says HTTP/1.1
            #expect(response.bodyText == "GET \(path) - 0")
            #expect(response.header("Connection") == nil)
        }
    }
}
