import Dispatch
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
        UpstreamClient(registry: registry, tls: try UpstreamTLSContext(caFiles: authority.map { [$0.certificate] } ?? []))
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
}
