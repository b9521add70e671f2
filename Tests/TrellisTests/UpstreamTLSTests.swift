import Dispatch
import HTTPClient
import HTTPServer
import SDUI
import Synchronization
import TestSupport
import Testing
@testable import Trellis

/// `https://` upstreams (SPEC §6.2): the chain verified against the trusted CAs, the host name
/// checked, SNI sent, keep-alive pooling as for http; a certificate that does not verify is
/// no value and counted.
@Suite(.serialized) final class UpstreamTLSTests: Sendable {
    /// Answers every request with `{"ok":true}`, noting the Host it was asked for.
    final class JSONHandler: HTTPHandler {
        let hosts = Mutex<[String]>([])

        func handle(_ request: HTTPRequest, responder: HTTPResponder) {
            hosts.withLock { $0.append(request.headers["Host"] ?? "") }
            var response = HTTPResponse(status: 200, body: Array(#"{"ok":true}"#.utf8))
            response.headers.add("Content-Type", "application/json")
            responder.respond(response)
        }
    }

    static let authority = TestCertificateAuthority()

    /// A TLS upstream on 127.0.0.1 presenting `pair`.
    func upstream(_ pair: TestCertificateAuthority.Pair) throws -> (HTTPServer, JSONHandler) {
        var configuration = HTTPServer.Configuration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.eventLoops = 1
        configuration.tls = TLSConfiguration(certificatePath: pair.certificate, privateKeyPath: pair.key)
        let handler = JSONHandler()
        let server = HTTPServer(configuration: configuration, handler: handler)
        try server.start()
        return (server, handler)
    }

    func fetch(_ client: UpstreamClient, _ url: String) -> UpstreamValue? {
        let answer = Mutex<UpstreamValue?>(nil)
        let done = DispatchSemaphore(value: 0)
        client.fetch(UpstreamRequest(source: "secure", url: url, timeout: .seconds(5), ttl: .zero)) { value in
            answer.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 }
    }

    func client(trusting authority: TestCertificateAuthority?, registry: MetricsRegistry = MetricsRegistry()) throws -> UpstreamClient {
        UpstreamClient(registry: registry, tls: try ClientTLSContext(caFiles: authority.map { [$0.certificate] } ?? []))
    }

    @Test func aTrustedChainIsAValueAndTheConnectionIsPooled() throws {
        let authority = try #require(Self.authority)
        let (server, handler) = try upstream(try #require(authority.issue("good", subjectAltName: "DNS:localhost,IP:127.0.0.1")))
        defer { server.stop() }
        let client = try client(trusting: authority)
        for host in ["127.0.0.1", "localhost"] {
            #expect(fetch(client, "https://\(host):\(server.boundPort)/v1/cart/alice")?.json["ok"] == .bool(true))
            #expect(fetch(client, "https://\(host):\(server.boundPort)/v1/cart/alice")?.json["ok"] == .bool(true))
        }
        #expect(handler.hosts.withLock { $0 }.count == 4)
        #expect(server.openConnections == 2)  // one pooled connection per host name, reused
    }

    @Test func anUntrustedWrongHostOrPlainPeerIsNoValueAndCounted() throws {
        let authority = try #require(Self.authority)
        let registry = MetricsRegistry()
        let client = try client(trusting: authority, registry: registry)
        let (untrusted, _) = try upstream(try #require(authority.selfSigned("stranger", subjectAltName: "DNS:localhost,IP:127.0.0.1")))
        defer { untrusted.stop() }
        #expect(fetch(client, "https://127.0.0.1:\(untrusted.boundPort)/x") == nil)
        let (wrongHost, _) = try upstream(try #require(authority.issue("other", subjectAltName: "DNS:other.test")))
        defer { wrongHost.stop() }
        #expect(fetch(client, "https://127.0.0.1:\(wrongHost.boundPort)/x") == nil)
        #expect(fetch(client, "https://localhost:\(wrongHost.boundPort)/x") == nil)
        // Without the test CA, even the right certificate does not verify.
        let (good, _) = try upstream(try #require(authority.issue("good2", subjectAltName: "IP:127.0.0.1")))
        defer { good.stop() }
        #expect(fetch(try self.client(trusting: nil), "https://127.0.0.1:\(good.boundPort)/x") == nil)
        #expect(registry.render().contains(#"trellis_upstream_failures_total{source="secure"} 3"#))
    }

    @Test func aCommonNameWithoutSubjectAltNameNamesNoHost() throws {
        let authority = try #require(Self.authority)
        let client = try client(trusting: authority)
        for host in ["localhost", "127.0.0.1"] {
            let (server, handler) = try upstream(try #require(authority.issue(host, subjectAltName: nil)))
            defer { server.stop() }
            #expect(fetch(client, "https://\(host):\(server.boundPort)/x") == nil)
            #expect(handler.hosts.withLock { $0 }.isEmpty)
        }
    }

    /// SPEC §14: a source failing verification never affects another. The client's own loop
    /// is one thread, so the trusted fetches run right after the failed handshakes on the
    /// thread whose OpenSSL error queue they filled. A read misjudged by a stale error fails the
    /// pooled connection; its retry on a fresh one may hide that here, but not near a deadline,
    /// so each value must cost exactly one request.
    @Test func aFailedVerificationLeavesNothingForTheNextConnectionOnItsThread() throws {
        let authority = try #require(Self.authority)
        let client = try client(trusting: authority)
        let (untrusted, _) = try upstream(try #require(authority.selfSigned("intruder", subjectAltName: "IP:127.0.0.1")))
        defer { untrusted.stop() }
        let (trusted, handler) = try upstream(try #require(authority.issue("trusted", subjectAltName: "IP:127.0.0.1")))
        defer { trusted.stop() }
        for round in 1...3 {
            #expect(fetch(client, "https://127.0.0.1:\(untrusted.boundPort)/x") == nil)
            #expect(fetch(client, "https://127.0.0.1:\(trusted.boundPort)/x")?.json["ok"] == .bool(true), "round \(round)")
        }
        #expect(handler.hosts.withLock { $0 }.count == 3)
    }
}
