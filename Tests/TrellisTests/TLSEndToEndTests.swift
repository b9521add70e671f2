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
        let url = "https://localhost:\(server.port)/home"
        let fetched = try Self.run("curl", ["-s", "--cacert", dir + "/c.pem", "--resolve", "localhost:\(server.port):127.0.0.1", url])
        #expect(fetched.status == 0)
        #expect(fetched.output.hasPrefix(#"{"id":"home","type":"page""#))
        server.stop()

        let refused = try runTrellis(["serve", "--pages", ServeEndToEndTests.pages, "--port", "0",
                                      "--tls-cert", dir + "/c.pem", "--tls-key", dir + "/missing.pem"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("missing.pem"))
    }
}
