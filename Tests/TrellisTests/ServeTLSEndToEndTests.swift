import Foundation
import Testing

/// `trellis serve --tls-cert --tls-key`: HTTPS through OpenSSL, with a certificate made at
/// test time by the `openssl` command.
@Suite(.serialized) struct ServeTLSEndToEndTests {
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func servesPagesOverHTTPSAndRefusesABadPair() throws {
        let dir = NSTemporaryDirectory() + "trellis-tls-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let made = try Self.run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", dir + "/k.pem",
                                            "-out", dir + "/c.pem", "-days", "1", "-subj", "/CN=localhost",
                                            "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
        #expect(made.status == 0)

        let server = try ServerProcess(pages: ServeEndToEndTests.pages, arguments: ["--tls-cert", dir + "/c.pem", "--tls-key", dir + "/k.pem"])
        func fetch(trusting ca: String) throws -> (status: Int32, output: String) {
            try Self.run("curl", ["-s", "--cacert", ca, "--resolve", "localhost:\(server.port):127.0.0.1",
                                  "https://localhost:\(server.port)/home"])
        }
        try FileManager.default.copyItem(atPath: dir + "/c.pem", toPath: dir + "/first.pem")
        let fetched = try fetch(trusting: dir + "/first.pem")
        #expect(fetched.status == 0)
        #expect(fetched.output.hasPrefix(#"{"id":"home","type":"page""#))

        // SIGHUP reloads the certificate and key: a new pair in place of the old is served.
        let remade = try Self.run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", dir + "/k.pem",
                                              "-out", dir + "/c.pem", "-days", "1", "-subj", "/CN=localhost",
                                              "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
        #expect(remade.status == 0)
        server.send(SIGHUP)
        _ = try server.waitFor("the new certificate", timeout: 10) {
            (try? fetch(trusting: dir + "/c.pem"))?.status == 0 ? true : nil
        }
        #expect(try fetch(trusting: dir + "/first.pem").status != 0)
        server.stop()

        let refused = try runTrellis(["serve", "--pages", ServeEndToEndTests.pages, "--port", "0",
                                      "--tls-cert", dir + "/c.pem", "--tls-key", dir + "/missing.pem"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("missing.pem"))
    }
}
