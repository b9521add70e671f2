import Testing
@testable import HTTPClient

/// Requests with a method and a body (SPEC §11), the client's own retry of a stale connection
/// (GET and HEAD only), and pool partitions, against a scripted loopback server.
@Suite struct ClientExchangeTests {
    static let ok = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"

    @Test func aPostWithAJSONBodyReachesTheServerByteExact() async throws {
        let server = ScriptedServer { _ in .respond("HTTP/1.1 201 Created\r\nContent-Length: 11\r\n\r\n{\"id\":\"7\"}\n") }
        defer { server.stop() }
        let body = Array(#"{"productId":"3","quantity":2}"#.utf8)
        let request = try ClientRequest(
            .post, url: server.url("/v1/cart/items"),
            headers: [ClientHeader("Content-Type", "application/json"), ClientHeader("Idempotency-Key", "k-1")], body: body)
        let response = try await Exchanges().run(request).get()
        #expect(response.status == 201 && response.body == Array("{\"id\":\"7\"}\n".utf8))
        let expected = "POST /v1/cart/items HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Type: application/json\r\n"
            + "Idempotency-Key: k-1\r\nContent-Length: 30\r\nConnection: keep-alive\r\n\r\n" + #"{"productId":"3","quantity":2}"#
        #expect(server.received.map(\.bytes) == [Array(expected.utf8)])
    }

    @Test(arguments: [ClientRequest.Method.put, .patch, .delete])
    func otherMethodsCarryTheirBodyToo(method: ClientRequest.Method) async throws {
        let server = ScriptedServer { _ in .respond(Self.ok) }
        defer { server.stop() }
        _ = try await Exchanges().run(ClientRequest(method, url: server.url("/r"), body: Array("[1]".utf8))).get()
        let text = server.received.map { String(decoding: $0.bytes, as: UTF8.self) }
        #expect(text.count == 1 && text[0].hasPrefix("\(method.rawValue) /r HTTP/1.1\r\n"))
        #expect(text[0].hasSuffix("Content-Length: 3\r\nConnection: keep-alive\r\n\r\n[1]"))
    }

    @Test func aPostOnAConnectionTheServerClosedIsNotRetried() async throws {
        let server = ScriptedServer { $0 == 2 ? .close : .respond(Self.ok) }
        defer { server.stop() }
        let exchanges = try Exchanges()
        _ = try await exchanges.run(ClientRequest(.get, url: server.url("/a"))).get()
        let post = await exchanges.run(try ClientRequest(.post, url: server.url("/b"), body: Array("{}".utf8)))
        #expect(throws: ClientError.closedBeforeResponse) { try post.get() }
        #expect(server.received.map(\.connection) == [1, 1])  // sent once, on the pooled connection
    }

    @Test func aGetOnAConnectionTheServerClosedGoesAgainOnce() async throws {
        let server = ScriptedServer { $0 == 2 ? .close : .respond(Self.ok) }
        defer { server.stop() }
        let exchanges = try Exchanges()
        _ = try await exchanges.run(ClientRequest(.get, url: server.url("/a"))).get()
        let again = try await exchanges.run(ClientRequest(.get, url: server.url("/b"))).get()
        #expect(again.status == 200 && server.received.map(\.connection) == [1, 1, 2])
    }

    @Test func twoPartitionsNeverShareAPooledConnection() async throws {
        let server = ScriptedServer { _ in .respond(Self.ok) }
        defer { server.stop() }
        let exchanges = try Exchanges()
        for partition in ["alice", "bob", "alice", "bob", nil, nil] {
            _ = try await exchanges.run(ClientRequest(.get, url: server.url("/p"), poolPartition: partition)).get()
        }
        #expect(server.received.map(\.connection) == [1, 2, 1, 2, 3, 3])
    }

    @Test func theAnswerToAHeadHasNoBody() async throws {
        let server = ScriptedServer { _ in .respond("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n") }
        defer { server.stop() }
        let exchanges = try Exchanges()
        let head = try await exchanges.run(ClientRequest(.head, url: server.url("/h"))).get()
        #expect(head.status == 200 && head.body.isEmpty && head.keepAlive)
        _ = try await exchanges.run(ClientRequest(.head, url: server.url("/h"))).get()
        #expect(server.received.map(\.connection) == [1, 1])
    }
}
