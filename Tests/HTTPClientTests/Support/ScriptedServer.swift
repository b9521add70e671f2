import Foundation
import Synchronization
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A loopback HTTP/1.1 server for client tests, in the test process: a blocking accept loop on
/// its own thread, one thread per connection, keep-alive honoured. Each request (its head and a
/// `Content-Length` body, read whole) is recorded byte for byte with the number of the
/// connection it came on (1, 2 ...), and answered as `answer` says for its number (1, 2 ...).
final class ScriptedServer: Sendable {
    /// What the server does with one request.
    enum Answer: Sendable {
        /// Sends these bytes and keeps the connection open.
        case respond(String)
        /// Closes the connection without an answer (a keep-alive the server had timed out).
        case close
    }

    /// One request as it arrived.
    struct Received: Sendable {
        var connection: Int
        var bytes: [UInt8]
    }

    let port: Int
    private let listener: Int32
    private let answer: @Sendable (_ request: Int) -> Answer
    private let state = Mutex<(connections: Int, received: [Received])>((0, []))

    /// Starts listening at once.
    init(answer: @escaping @Sendable (_ request: Int) -> Answer) {
        self.answer = answer
        (listener, port) = LoopbackSocket.listen()
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Every request so far, in order.
    var received: [Received] { state.withLock { $0.received } }

    /// Stops accepting (open connections end with their client).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            let number = state.withLock { $0.connections += 1; return $0.connections }
            Thread.detachNewThread { [self] in serve(fd, connection: number) }
        }
    }

    private func serve(_ fd: Int32, connection: Int) {
        defer { close(fd) }
        var buffer: [UInt8] = []
        while let bytes = Self.readRequest(fd, &buffer) {
            let number = state.withLock { $0.received.append(Received(connection: connection, bytes: bytes)); return $0.received.count }
            guard case .respond(let text) = answer(number) else { return }
            _ = Array(text.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    /// The next request's bytes (head and body), taken from the front of `buffer` after reading
    /// as much as it needs; nil once the client closes.
    private static func readRequest(_ fd: Int32, _ buffer: inout [UInt8]) -> [UInt8]? {
        var need: Int?
        while true {
            if need == nil, let end = buffer.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
                let head = String(decoding: buffer[..<end], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
                need = end + (length ?? 0)
            }
            if let need, buffer.count >= need {
                defer { buffer.removeFirst(need) }
                return Array(buffer[..<need])
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }
}
