import COpenSSL
import Foundation
import Synchronization
import TestSupport
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// A loopback HTTP/1.1 server for client tests, in the test process: a blocking accept loop on
/// its own thread, one thread per connection, keep-alive honoured. Each request (its head and a
/// `Content-Length` body, read whole) is recorded byte for byte with the number of the
/// connection it came on (1, 2 ...), and answered as `answer` says for its number (1, 2 ...).
/// Between requests the test may send on a plain connection unasked, or close it (`push`,
/// `hangUp`). With a TLS context it speaks TLS (blocking OpenSSL calls on each connection's
/// thread).
final class ScriptedServer: Sendable {
    /// What the server does with one request.
    enum Answer: Sendable {
        /// Sends these bytes and keeps the connection open.
        case respond(String)
        /// Sends the answer, then the unasked bytes in a send of their own (Nagle's algorithm,
        /// on here as in most servers, holds them until the client acknowledges the answer).
        case respondThen(String, unasked: String)
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
    private let tls: TLSContext?
    private let answer: @Sendable (_ request: Int) -> Answer
    private let state = Mutex<(connections: Int, received: [Received], sockets: [Int: Int32])>((0, [], [:]))

    /// Starts listening at once, speaking TLS with `tls` if given.
    init(tls: TLSContext? = nil, answer: @escaping @Sendable (_ request: Int) -> Answer) {
        self.answer = answer
        self.tls = tls
        if tls != nil { signal(SIGPIPE, SIG_IGN) }  // SSL_write to a client gone is EPIPE, not the test process's end
        (listener, port) = LoopbackSocket.listen()
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// `http(s)://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)\(path)" }

    /// Every request so far, in order.
    var received: [Received] { state.withLock { $0.received } }

    /// Stops accepting (open connections end with their client).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Sends `text` on connection `number` (a response nobody asked for) and returns once the
    /// client's side has acknowledged it: it is in the client's socket buffer.
    func push(_ text: String, onConnection number: Int) {
        let fd = state.withLock { $0.sockets[number]! }
        Self.send(text, on: fd)
        Self.awaitAcknowledged(fd)
    }

    /// Ends connection `number`'s sending side (a keep-alive the server times out) and returns
    /// once the client's side has acknowledged the FIN: it reads EOF.
    func hangUp(connection number: Int) {
        let fd = state.withLock { $0.sockets[number]! }
        shutdown(fd, Int32(SHUT_WR))
        Self.awaitAcknowledged(fd)
    }

    private static func send(_ text: String, on fd: Int32) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Waits (at most 10 s) until nothing sent on `fd` is unacknowledged.
    private static func awaitAcknowledged(_ fd: Int32) {
        for _ in 0..<10_000 {
            var info = tcp_info()
            var length = socklen_t(MemoryLayout<tcp_info>.size)
            guard getsockopt(fd, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0, info.tcpi_unacked > 0 else { return }
            usleep(1000)
        }
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            let number = state.withLock { state in
                state.connections += 1
                state.sockets[state.connections] = fd
                return state.connections
            }
            Thread.detachNewThread { [self] in serve(fd, connection: number) }
        }
    }

    private func serve(_ fd: Int32, connection: Int) {
        let stream = Stream(fd: fd, tls: tls)
        var buffer: [UInt8] = []
        while let bytes = Self.readRequest(stream, &buffer) {
            let number = state.withLock { $0.received.append(Received(connection: connection, bytes: bytes)); return $0.received.count }
            switch answer(number) {
            case .respond(let text):
                stream.send(text)
            case .respondThen(let text, let unasked):
                stream.send(text)
                stream.send(unasked)
            case .close:
                return
            }
        }
    }

    /// One accepted connection, plain or TLS; closed when dropped.
    private final class Stream {
        let fd: Int32
        private var ssl: OpaquePointer?

        /// Takes `fd`, and shakes hands with `tls` if given (a failed handshake reads as EOF).
        init(fd: Int32, tls: TLSContext?) {
            self.fd = fd
            guard let tls, let ssl = SSL_new(tls.context) else { return }
            self.ssl = ssl
            SSL_set_fd(ssl, fd)
            if SSL_accept(ssl) != 1 { shutdown(fd, Int32(SHUT_RDWR)) }
        }

        deinit {
            if let ssl { SSL_free(ssl) }
            close(fd)
        }

        /// Reads what has arrived (blocking); 0 or less at the end.
        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            guard let ssl else { return recv(fd, buffer.baseAddress, buffer.count, 0) }
            return Int(SSL_read(ssl, buffer.baseAddress, Int32(buffer.count)))
        }

        /// Sends `text` in one write (one TLS record).
        func send(_ text: String) {
            guard let ssl else { return ScriptedServer.send(text, on: fd) }
            _ = Array(text.utf8).withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) }
        }
    }

    /// The next request's bytes (head and body), taken from the front of `buffer` after reading
    /// as much as it needs; nil once the client closes.
    private static func readRequest(_ stream: Stream, _ buffer: inout [UInt8]) -> [UInt8]? {
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
            let count = chunk.withUnsafeMutableBytes { stream.read(into: $0) }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }
}
