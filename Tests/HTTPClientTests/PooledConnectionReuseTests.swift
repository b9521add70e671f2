import Testing
import TestSupport
@testable import HTTPClient
@testable import HTTPServer

/// SPEC §14: a pooled connection is reused only with nothing to read. Pooled connections are
/// shared by every user of a host and port, so a response nobody asked for, left on one, would
/// be read as the next user's answer; each answer here names the user it is for.
@Suite struct PooledConnectionReuseTests {
    static func ok(for user: String) -> String {
        let body = #"{"user":""# + user + #""}"#
        return "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    /// Request 1 is alice's, request 2 bob's.
    static func answers(_ number: Int) -> ScriptedServer.Answer {
        .respond(ok(for: number == 1 ? "alice" : "bob"))
    }

    static let authority = TestCertificateAuthority()
    /// The TLS server's certificate, issued once (tests run in parallel).
    static let certificate = authority?.issue("scripted", subjectAltName: "IP:127.0.0.1")

    /// A server answering as `answer` says, over TLS when `secure`, and exchanges that trust it.
    static func server(secure: Bool, answer: @escaping @Sendable (Int) -> ScriptedServer.Answer) throws -> (ScriptedServer, Exchanges) {
        guard secure else { return (ScriptedServer(answer: answer), try Exchanges()) }
        let authority = try #require(Self.authority)
        let pair = try #require(Self.certificate)
        let tls = try TLSContext(certificatePath: pair.certificate, privateKeyPath: pair.key)
        return (ScriptedServer(tls: tls, answer: answer), try Exchanges(trusting: authority))
    }

    static func user(_ result: Result<ClientResponse, ClientError>) -> String? {
        (try? result.get()).map { String(decoding: $0.body, as: UTF8.self) }
    }

    @Test func aResponseNobodyAskedForWaitingInThePoolIsNeverReadAsAnAnswer() async throws {
        let server = ScriptedServer(answer: Self.answers)
        defer { server.stop() }
        let exchanges = try Exchanges()
        let alice = await exchanges.run(try ClientRequest(.get, url: server.url("/me")))
        server.push(Self.ok(for: "mallory"), onConnection: 1)
        let bob = await exchanges.run(try ClientRequest(.get, url: server.url("/me")))
        #expect(Self.user(alice) == #"{"user":"alice"}"# && Self.user(bob) == #"{"user":"bob"}"#)
        #expect(server.received.map(\.connection) == [1, 2])
    }

    /// The loop takes the pooled connection in one pass and writes on it in a later one; a
    /// response that arrives in between is seen before the request is written.
    @Test func aResponseNobodyAskedForArrivingAfterCheckoutIsNeverReadAsTheAnswer() async throws {
        let server = ScriptedServer(answer: Self.answers)
        defer { server.stop() }
        let exchanges = try Exchanges()
        _ = try await exchanges.run(ClientRequest(.get, url: server.url("/me"))).get()
        let bob = await exchanges.run(try ClientRequest(.get, url: server.url("/me"))) {
            server.push(Self.ok(for: "mallory"), onConnection: 1)
        }
        #expect(Self.user(bob) == #"{"user":"bob"}"#)
        #expect(server.received.map(\.connection) == [1, 2])
    }

    /// A POST is never sent twice by the client; a close seen before it is written is no
    /// reason not to send it once, on a fresh connection.
    @Test(arguments: [false, true]) func aCloseIsSeenBeforeAPostIsWritten(afterCheckout: Bool) async throws {
        let server = ScriptedServer(answer: Self.answers)
        defer { server.stop() }
        let exchanges = try Exchanges()
        _ = try await exchanges.run(ClientRequest(.get, url: server.url("/me"))).get()
        if !afterCheckout { server.hangUp(connection: 1) }
        let post = await exchanges.run(try ClientRequest(.post, url: server.url("/me"), body: Array("{}".utf8))) {
            if afterCheckout { server.hangUp(connection: 1) }
        }
        #expect(Self.user(post) == #"{"user":"bob"}"#)
        #expect(server.received.map(\.connection) == [1, 2])
    }

    /// The race no check before the request can win: the response nobody asked for arrives
    /// after the request is written, its real answer right behind it. A GET goes again on a
    /// fresh connection; a POST, never sent twice, has no answer.
    @Test(arguments: [(ClientRequest.Method.get, false), (.post, false), (.get, true), (.post, true)])
    func aResponseWithAnotherRightBehindItOnAReusedConnectionIsNoAnswer(method: ClientRequest.Method, secure: Bool) async throws {
        let (server, exchanges) = try Self.server(secure: secure) { number in
            switch number {
            case 1: .respond(Self.ok(for: "alice"))
            case 2: .respond(Self.ok(for: "mallory") + Self.ok(for: "bob"))
            default: .respond(Self.ok(for: "bob"))
            }
        }
        defer { server.stop() }
        _ = try await exchanges.run(ClientRequest(.get, url: server.url("/me"))).get()
        let bob = await exchanges.run(try ClientRequest(method, url: server.url("/me"), body: method == .post ? Array("{}".utf8) : []))
        if method == .get {
            #expect(Self.user(bob) == #"{"user":"bob"}"#)
            #expect(server.received.map(\.connection) == [1, 1, 2])
        } else {
            #expect(throws: ClientError.unsolicitedResponse) { try bob.get() }
            #expect(server.received.map(\.connection) == [1, 1])
        }
    }

    /// A server with Nagle's algorithm on sends a response nobody asked for right after its
    /// answer; the kernel holds it until the client acknowledges the answer. Were that ACK left
    /// to ride on the next request, the unasked response would arrive just after that request
    /// was written, every time, and be read as its answer (the first few answers on a new
    /// connection are acknowledged at once, so the connection is used a few times first). When
    /// the unasked response is already behind the fourth answer as it is read, that answer is
    /// no answer and its request goes again on a fresh connection: either way, the connection
    /// that had it carries nothing more.
    @Test(arguments: [false, true]) func aResponseHeldBackUntilTheAnswerIsAcknowledgedArrivesWhileIdle(secure: Bool) async throws {
        let (server, exchanges) = try Self.server(secure: secure) { number in
            number == 4 ? .respondThen(Self.ok(for: "alice"), unasked: Self.ok(for: "mallory")) : .respond(Self.ok(for: "bob"))
        }
        defer { server.stop() }
        for _ in 1...4 {
            _ = try await exchanges.run(ClientRequest(.get, url: server.url("/me"))).get()
        }
        let bob = await exchanges.run(try ClientRequest(.get, url: server.url("/me")))
        #expect(Self.user(bob) == #"{"user":"bob"}"#)
        #expect(server.received.map(\.connection).filter { $0 == 1 }.count == 4)
    }
}
