import Foundation
import Glibc

/// A small blocking HTTP/1.1 client over a real socket to 127.0.0.1, as an app or a load
/// balancer would speak to the server, with receive timeouts so nothing hangs.
public final class TestClient {
    /// One parsed response.
    public struct Response {
        public var status: Int
        public var headers: [(String, String)]
        public var body: [UInt8]

        /// The first value of `name` (case-insensitive), or nil.
        public func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
        public var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    /// Why a read or connect failed.
    public enum Failure: Error { case connect(Int32), timeout, closed, reset, malformed(String) }

    public let fd: Int32
    private var buffer: [UInt8] = []

    public init(port: Int, timeout: Double = 5) throws {
        do {
            fd = try LoopbackSocket.connect(port: port, receiveTimeout: timeout)
        } catch {
            throw Failure.connect(error.errno)
        }
    }

    deinit { Glibc.close(fd) }

    public func setTimeout(_ seconds: Double) {
        LoopbackSocket.setReceiveTimeout(fd, seconds)
    }

    public func send(_ text: String) { send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Reads more bytes; throws on timeout, returns false on EOF.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n > 0 {
            buffer.append(contentsOf: chunk[0..<n])
            return true
        }
        if n == 0 { return false }
        if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure.timeout }
        if errno == ECONNRESET { throw Failure.reset }
        throw Failure.closed
    }

    /// Sends a request with `Host` and `headers`, and reads its response.
    public func request(_ path: String, method: String = "GET", headers: [(String, String)] = []) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: test\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        send(head + "\r\n")
        return try readResponse(head: method == "HEAD")
    }

    /// Reads one response; `head` for a HEAD request (no body despite Content-Length).
    public func readResponse(head: Bool = false) throws -> Response {
        var end: Int?
        while end == nil {
            end = headEnd()
            if end == nil, try !fill() { throw Failure.closed }
        }
        let headText = String(decoding: buffer[0..<end! - 4], as: UTF8.self)
        buffer.removeFirst(end!)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw Failure.malformed(headText)
        }
        let headers = lines.map { line -> (String, String) in
            let colon = line.firstIndex(of: ":")!
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = Response(status: status, headers: headers, body: [])
        if status == 100 { return try readResponse(head: head) }
        if !head, let length = response.header("Content-Length").flatMap(Int.init) {
            while buffer.count < length { if try !fill() { throw Failure.closed } }
            response.body = Array(buffer[0..<length])
            buffer.removeFirst(length)
        }
        return response
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4)
        where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
            return i + 4
        }
        return nil
    }

    /// Every byte the server sends until it closes the connection (those not read yet first).
    public func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { buffer.removeAll() }
        return buffer
    }

    /// Whether the server closed the connection (EOF, after any unread bytes).
    public func readsEOF() throws -> Bool {
        while true {
            if try !fill() { return true }
            buffer.removeAll()
        }
    }

    /// Closes with SO_LINGER 0: the kernel sends an RST.
    public func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        shutdown(fd, Int32(SHUT_RDWR))
    }
}
