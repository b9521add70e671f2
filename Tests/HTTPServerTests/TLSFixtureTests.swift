import TestSupport
import COpenSSL
import Foundation
import Glibc
import Testing
@testable import HTTPServer

/// Test-time certificates (made once per process with the `openssl` command), a `curl` runner
/// and a small blocking TLS client, shared by the TLS suites.
enum TLSFixture {
    struct Pair {
        var certificate: String
        var key: String
    }

    /// A directory with two self-signed localhost pairs and a file that is not PEM (in
    /// `TestScratch`: removed when the process exits).
    static let directory: String = {
        let path = try! TestScratch.makeFolder("tls")
        for name in ["1", "2"] {
            let status = run("/usr/bin/env", [
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "\(path)/k\(name).pem",
                "-out", "\(path)/c\(name).pem", "-days", "1", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            ]).status
            precondition(status == 0, "openssl req failed")
        }
        try! "this is not a certificate\n".write(toFile: "\(path)/garbage.pem", atomically: true, encoding: .utf8)
        return path
    }()

    static var first: Pair { Pair(certificate: directory + "/c1.pem", key: directory + "/k1.pem") }
    static var second: Pair { Pair(certificate: directory + "/c2.pem", key: directory + "/k2.pem") }

    /// Starts a TLS server on 127.0.0.1 with the `TestHandler`.
    static func makeTLSServer(
        _ pair: Pair = first, _ configure: (inout HTTPServer.Configuration) -> Void = { _ in }
    ) throws -> (HTTPServer, TestHandler) {
        try makeServer { configuration in
            configuration.tls = TLSConfiguration(certificatePath: pair.certificate, privateKeyPath: pair.key)
            configure(&configuration)
        }
    }

    /// Runs a command; returns its exit status and standard output.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
        TestProcess.run(executable, arguments)
    }

    /// `curl` over TLS to `https://localhost:port` + each path, trusting `caFile` only.
    static func curl(port: Int, caFile: String = first.certificate, _ paths: [String], extra: [String] = [])
        -> (status: Int32, output: String)
    {
        run("/usr/bin/env", [
            "curl", "-s", "--max-time", "10", "--cacert", caFile, "--resolve", "localhost:\(port):127.0.0.1",
        ] + extra + paths.map { "https://localhost:\(port)\($0)" })
    }

    /// Reads until EOF, a reset or the client's timeout; returns what arrived and how it ended.
    static func readToEnd(_ client: TestClient) -> (bytes: [UInt8], closed: Bool) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                bytes += chunk[0..<count]
            } else {
                return (bytes, count == 0 || errno == ECONNRESET)
            }
        }
    }
}

/// A blocking TLS client over `TestClient`'s socket (OpenSSL with `SSL_set_fd`).
final class TLSTestClient {
    let socket: TestClient
    private let context: OpaquePointer
    private let ssl: OpaquePointer
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        socket = try TestClient(port: port)
        context = SSL_CTX_new(TLS_client_method())!
        ssl = SSL_new(context)!
        SSL_set_fd(ssl, socket.fd)
        guard SSL_connect(ssl) == 1 else { throw TestClient.Failure.malformed("handshake failed") }
    }

    deinit {
        SSL_free(ssl)
        SSL_CTX_free(context)
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) }
    }

    /// Reads one response with a Content-Length body; returns its status line and body.
    func readResponse() throws -> (status: String, body: [UInt8]) {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffer[0..<end], as: UTF8.self)
                let lines = head.components(separatedBy: "\r\n")
                let length = lines.first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
                if buffer.count >= end + length {
                    let body = Array(buffer[end..<end + length])
                    buffer.removeFirst(end + length)
                    return (lines[0], body)
                }
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) }
            guard count > 0 else { throw TestClient.Failure.closed }
            buffer += chunk[0..<Int(count)]
        }
    }

    /// Whether the next read ends with the server's close_notify (a clean TLS close).
    func readsCloseNotify() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) }
        return count <= 0 && SSL_get_error(ssl, count) == SSL_ERROR_ZERO_RETURN
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4) where buffer[i..<i + 4].elementsEqual([13, 10, 13, 10]) { return i + 4 }
        return nil
    }
}
