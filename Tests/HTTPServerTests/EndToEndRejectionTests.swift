import TestSupport
import Testing
@testable import HTTPServer

@Suite("End to end: what a rejected request leaves behind")
struct EndToEndRejectionTests {
    @Test func aStalledBodyGets408SayingTheBodyTimedOut() throws {
        let (server, _) = try makeServer { $0.idleTimeout = .milliseconds(300) }
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort, timeout: 5)
        client.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc")
        let response = try client.readResponse()
        #expect(response.status == 408)
        #expect(response.bodyText.contains("request_timeout"))
        #expect(response.bodyText.contains("body did not arrive"))
        #expect(try client.readsEOF())
    }

    /// The parser rejects the request after its request line was read: the exchange (the
    /// access-log line) names the method and path instead of `-`.
    @Test(arguments: [
        ("GET /many HTTP/1.1\r\nHost: a\r\n" + (0..<101).map { "X-\($0): v\r\n" }.joined() + "\r\n", 431, "GET", "/many"),
        ("POST /up?x=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 2097152\r\n\r\n", 413, "POST", "/up"),
        ("POST /te HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501, "POST", "/te"),
        ("GET /two HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "GET", "/two"),
        ("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: a\r\n\r\n", 414, "-", "-"),
    ])
    func rejectedRequestsAreLoggedWithTheirMethodAndPath(_ text: String, status: Int, method: String, path: String) throws {
        let (server, handler) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send(text)
        #expect(try client.readResponse().status == status)
        #expect(eventually { !handler.exchanges.withLock { $0.isEmpty } })
        let exchange = try #require(handler.exchanges.withLock { $0.first })
        #expect(exchange.status == status)
        #expect(exchange.method == method)
        #expect(exchange.path == path)
    }
}
