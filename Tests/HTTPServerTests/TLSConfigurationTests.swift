import Foundation
import Testing
@testable import HTTPServer

@Suite("TLS: certificates and reload")
struct TLSConfigurationTests {
    private func startError(certificate: String, key: String) -> String? {
        var configuration = HTTPServer.Configuration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.tls = TLSConfiguration(certificatePath: certificate, privateKeyPath: key)
        let server = HTTPServer(configuration: configuration, handler: TestHandler())
        do {
            try server.start()
            server.stop()
            return nil
        } catch let error as TLSError {
            return error.description
        } catch {
            return "not a TLSError: \(error)"
        }
    }

    @Test func missingKeyFileThrowsNamingIt() {
        let missing = TLSFixture.directory + "/missing.pem"
        let message = startError(certificate: TLSFixture.first.certificate, key: missing)
        #expect(message?.contains("private key \(missing): cannot read") == true, "\(message ?? "nil")")
    }

    @Test func mismatchedCertificateAndKeyThrow() {
        let message = startError(certificate: TLSFixture.first.certificate, key: TLSFixture.second.key)
        #expect(message?.contains("does not match certificate \(TLSFixture.first.certificate)") == true)
        #expect(message?.contains("mismatch") == true, "\(message ?? "nil")")
    }

    @Test func nonPEMCertificateThrowsWithOpenSSLsReason() {
        let garbage = TLSFixture.directory + "/garbage.pem"
        let message = startError(certificate: garbage, key: TLSFixture.first.key)
        #expect(message?.hasPrefix("certificate \(garbage): error:") == true, "\(message ?? "nil")")
        let keyMessage = startError(certificate: TLSFixture.first.certificate, key: garbage)
        #expect(keyMessage?.hasPrefix("private key \(garbage): error:") == true, "\(keyMessage ?? "nil")")
    }

    @Test func reloadKeepsTheOldPairOnFailureAndSwapsOnSuccess() throws {
        let directory = TLSFixture.directory + "/reload-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let live = TLSFixture.Pair(certificate: directory + "/c.pem", key: directory + "/k.pem")
        func install(_ pair: TLSFixture.Pair) throws {
            for (from, to) in [(pair.certificate, live.certificate), (pair.key, live.key)] {
                try? FileManager.default.removeItem(atPath: to)
                try FileManager.default.copyItem(atPath: from, toPath: to)
            }
        }
        try install(TLSFixture.first)
        let (server, _) = try TLSFixture.makeTLSServer(live)
        defer { server.stop() }

        // A mismatched pair on disk: reload throws, the old certificate still serves.
        try? FileManager.default.removeItem(atPath: live.key)
        try FileManager.default.copyItem(atPath: TLSFixture.second.key, toPath: live.key)
        #expect(throws: TLSError.self) { try server.reloadTLS() }
        let old = TLSFixture.curl(port: server.boundPort, caFile: TLSFixture.first.certificate, ["/old"])
        #expect(old.status == 0 && old.output == "GET /old - 0")

        // A good new pair: new connections get the new certificate.
        try install(TLSFixture.second)
        try server.reloadTLS()
        let new = TLSFixture.curl(port: server.boundPort, caFile: TLSFixture.second.certificate, ["/new"])
        #expect(new.status == 0 && new.output == "GET /new - 0")
        #expect(TLSFixture.curl(port: server.boundPort, caFile: TLSFixture.first.certificate, ["/x"]).status != 0)
    }

    @Test func reloadWithoutTLSThrows() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        #expect(throws: TLSError.self) { try server.reloadTLS() }
    }
}
