import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A blocking HTTP/1.1 client over a real TCP socket, as a mobile app or load balancer
/// would speak to the server. Every read has a timeout, so a test never hangs.
final class TestHTTPClient {
    /// A parsed response.
    struct Response {
        var status: Int
        var headers: [(String, String)]
        var body: [UInt8]
        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, timeout: Double = 10) throws {
        fd = try LoopbackSocket.connect(port: port, receiveTimeout: timeout)
    }

    deinit { close(fd) }

    /// Writes raw bytes.
    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw TestFailure("send failed: errno \(errno)") }
            offset += n
        }
    }

    /// Sends a GET (or another method) with headers and reads the response.
    func request(_ path: String, method: String = "GET", headers: [(String, String)] = []) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: test\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try send(head + "\r\n")
        return try readResponse(headRequest: method == "HEAD")
    }

    /// Reads one response; a HEAD response, 204 and 304 have no body.
    func readResponse(headRequest: Bool = false) throws -> Response {
        let headEnd = try readUntil([13, 10, 13, 10])
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw TestFailure("bad status line: \(head)") }
        let headers = lines.map { line -> (String, String) in
            let colon = line.firstIndex(of: ":")!
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = Response(status: status, headers: headers, body: [])
        if headRequest || status == 304 || status == 204 { return response }
        if let length = response.header("Content-Length").flatMap(Int.init) {
            while buffer.count < length { guard try fill() else { throw TestFailure("EOF in body") } }
            response.body = Array(buffer[..<length])
            buffer.removeFirst(length)
        } else {
            while try fill() {}
            response.body = buffer
            buffer = []
        }
        return response
    }

    /// True when the server has closed the connection (EOF) with nothing more to read.
    func readEOF() throws -> Bool {
        if !buffer.isEmpty { return false }
        return try !fill()
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        while true {
            if let index = find(marker) { return index }
            guard try fill() else { throw TestFailure("EOF before \(marker); got \(String(decoding: buffer, as: UTF8.self))") }
        }
    }

    private func find(_ marker: [UInt8]) -> Int? {
        guard buffer.count >= marker.count else { return nil }
        for i in 0...(buffer.count - marker.count) where buffer[i] == marker[0] && Array(buffer[i..<i + marker.count]) == marker {
            return i
        }
        return nil
    }

    /// Reads more bytes; false on EOF.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n > 0 {
            buffer += chunk[..<n]
            return true
        }
        if n == 0 { return false }
        if errno == ECONNRESET { throw TestFailure("connection reset") }
        throw TestFailure("recv failed or timed out: errno \(errno)")
    }
}
