import Dispatch
import Foundation
import SDUI
import Synchronization
import TestSupport
@testable import Trellis
#if canImport(Glibc)
import Glibc
#endif

/// A scripted HTTP/1.1 upstream on 127.0.0.1 (a free port), in the test process: a blocking
/// accept loop on its own thread, one thread per connection, keep-alive honoured.
///
/// Each path (the raw request target, e.g. `/recs/a%20b`) gets a `Behaviour`; unscripted
/// paths answer 404. It counts requests per path and connections accepted.
final class FakeUpstream: Sendable {
    /// What the fake does for one request.
    enum Behaviour: Sendable {
        /// 200 with `body` and a `Content-Length`.
        case json(String)
        /// 200 with `body` in two chunks (`Transfer-Encoding: chunked`).
        case chunked(String)
        /// 200 with `body`, no length, then the connection is closed.
        case untilClose(String)
        /// `status` with a JSON body.
        case status(Int)
        /// 200 with a body that is not JSON.
        case notJSON
        /// A reset: `SO_LINGER` 0, then close.
        case reset
        /// Reads the request and never answers (until the client closes).
        case hang
        /// 200 with `{"value":"<the request's value of header>"}` (`""` when it has none).
        case echoHeader(String)
        /// 200 with `body` once the test calls `openGate()` (503 if it never does, after 10 s).
        case gated(String)
        /// 200 with `body` once `parties` requests scripted `.barrier` are waiting at the same
        /// time: proof that they were in flight together (503 if they never are, after 10 s).
        case barrier(String, parties: Int)
        /// The first request closes the connection without an answer (a keep-alive the
        /// server had just timed out); later ones get `body` as `.json`.
        case closeOnceThenJSON(String)
        /// Whatever `steps` gives for the request's head and its number on this path (1, 2...):
        /// raw bytes, so a hostile backend can be played (see `FakeUpstream+Hostile.swift`).
        case steps(@Sendable (_ head: String, _ number: Int) -> [Step])
    }

    /// One step of a `.steps` answer.
    enum Step: Sendable {
        /// The text in one `send` (one segment on the wire, unless it is large).
        case send(String)
        /// Waits until the test calls `openGate()` (at most 10 s).
        case awaitGate
        /// Closes the connection.
        case close
    }

    private struct State {
        var scripts: [String: Behaviour] = [:]
        var requests: [String: Int] = [:]
        var connections = 0
        var open: Set<Int32> = []
        var closedOnce: Set<String> = []
        var gateOpen = false
        var atBarrier = 0
        /// `.send` steps done, on every path.
        var sends = 0
        /// Every request head received, per path, in order.
        var heads: [String: [String]] = [:]
    }

    /// The port it listens on.
    let port: Int
    private let listener: Int32
    private let state = Mutex(State())
    /// Signalled when the gate opens or a request reaches the barrier.
    private let changed = NSCondition()

    /// Starts listening at once.
    init() {
        (listener, port) = LoopbackSocket.listen()
        Thread.detachNewThread { [self] in acceptLoop(listener) }
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// A request for `path` on this fake.
    func request(
        _ path: String, source: String = "fake", timeout: Duration = .seconds(5), ttl: Duration = .zero
    ) -> UpstreamRequest {
        UpstreamRequest(source: source, url: url(path), timeout: timeout, ttl: ttl)
    }

    /// Scripts `path`.
    func script(_ path: String, _ behaviour: Behaviour) {
        state.withLock { $0.scripts[path] = behaviour }
    }

    /// Lets every `.gated` request, waiting or to come, be answered.
    func openGate() {
        changed.lock()
        state.withLock { $0.gateOpen = true }
        changed.broadcast()
        changed.unlock()
    }

    /// Waits (at most 10 s) until `condition` holds on the state; whether it did.
    private func waitUntil(_ condition: (State) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 10)
        changed.lock()
        defer { changed.unlock() }
        while !state.withLock({ condition($0) }) {
            guard changed.wait(until: deadline) else { return state.withLock { condition($0) } }
        }
        return true
    }

    /// Waits (at most 10 s) until `count` `.send` steps are done; whether they were.
    func awaitSends(_ count: Int) -> Bool { waitUntil { $0.sends >= count } }

    /// The request heads received for `path` so far, in order.
    func heads(_ path: String) -> [String] { state.withLock { $0.heads[path] ?? [] } }

    /// Requests received for `path` so far.
    func requests(_ path: String) -> Int { state.withLock { $0.requests[path] ?? 0 } }

    /// TCP connections accepted so far.
    var connections: Int { state.withLock { $0.connections } }

    /// Stops accepting and shuts every open connection down.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        dropConnections()
    }

    /// Shuts every open connection down (as a server timing out idle keep-alives would).
    func dropConnections() {
        state.withLock { state in
            for fd in state.open { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    deinit {
        stop()
        close(listener)
    }

    private func acceptLoop(_ listener: Int32) {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            state.withLock {
                $0.connections += 1
                $0.open.insert(fd)
            }
            Thread.detachNewThread { [self] in serve(fd) }
        }
    }

    private func serve(_ fd: Int32) {
        var buffer: [UInt8] = []
        while true {
            guard let (path, head) = readRequest(fd, &buffer) else { return finish(fd) }
            let (behaviour, number): (Behaviour?, Int) = state.withLock { state in
                state.requests[path, default: 0] += 1
                state.heads[path, default: []].append(head)
                let number = state.requests[path, default: 0]
                guard case .closeOnceThenJSON(let body)? = state.scripts[path] else { return (state.scripts[path], number) }
                return (state.closedOnce.insert(path).inserted ? nil : .json(body), number)
            }
            if case .closeOnceThenJSON? = state.withLock({ $0.scripts[path] }), behaviour == nil {
                return finish(fd)
            }
            guard respond(fd, behaviour, head: head, number: number) else { return }
        }
    }

    /// Answers one request, the `number`th on its path; `false` when the connection is
    /// finished (already closed).
    private func respond(_ fd: Int32, _ behaviour: Behaviour?, head: String, number: Int) -> Bool {
        switch behaviour {
        case .json(let body)?:
            write(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        case .chunked(let body)?:
            let half = body.utf8.count / 2
            let first = String(decoding: Array(body.utf8)[..<half], as: UTF8.self)
            let second = String(decoding: Array(body.utf8)[half...], as: UTF8.self)
            write(fd, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "\(String(first.utf8.count, radix: 16))\r\n\(first)\r\n"
                + "\(String(second.utf8.count, radix: 16));ext=1\r\n\(second)\r\n0\r\n\r\n")
        case .untilClose(let body)?:
            write(fd, "HTTP/1.1 200 OK\r\n\r\n\(body)")
            finish(fd)
            return false
        case .status(let status)?:
            write(fd, "HTTP/1.1 \(status) Oops\r\nContent-Length: 2\r\n\r\n{}")
        case .notJSON?:
            write(fd, "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nnot json!")
        case .reset?:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            finish(fd)
            return false
        case .hang?:
            var byte: UInt8 = 0
            while recv(fd, &byte, 1, 0) > 0 {}
            finish(fd)
            return false
        case .gated(let body)?:
            let opened = waitUntil { $0.gateOpen }
            write(fd, opened ? "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                             : "HTTP/1.1 503 Gate Closed\r\nContent-Length: 2\r\n\r\n{}")
        case .barrier(let body, let parties)?:
            changed.lock()
            state.withLock { $0.atBarrier += 1 }
            changed.broadcast()
            changed.unlock()
            let met = waitUntil { $0.atBarrier >= parties }
            write(fd, met ? "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                          : "HTTP/1.1 503 Alone\r\nContent-Length: 2\r\n\r\n{}")
        case .echoHeader(let name)?:
            let body = #"{"value":""# + Self.value(of: name, in: head) + #""}"#
            write(fd, "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        case .closeOnceThenJSON?:
            preconditionFailure("resolved in serve")
        case .steps(let steps)?:
            for step in steps(head, number) {
                switch step {
                case .send(let text):
                    write(fd, text)
                    changed.lock()
                    state.withLock { $0.sends += 1 }
                    changed.broadcast()
                    changed.unlock()
                case .awaitGate:
                    _ = waitUntil { $0.gateOpen }
                case .close:
                    finish(fd)
                    return false
                }
            }
        case nil:
            write(fd, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        }
        return true
    }

    /// The value of the field `name` in the request `head` (`""` when it has none).
    static func value(of name: String, in head: String) -> String {
        let prefix = name.lowercased() + ":"
        let line = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix(prefix) }
        return line.map { $0.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces) } ?? ""
    }

    /// The next request's target and its whole head, or nil at EOF.
    private func readRequest(_ fd: Int32, _ buffer: inout [UInt8]) -> (String, String)? {
        let end: [UInt8] = [13, 10, 13, 10]
        while true {
            if let range = buffer.firstRange(of: end) {
                let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<range.upperBound)
                let parts = head.split(separator: " ")
                return (parts.count >= 2 ? String(parts[1]) : "?", head)
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Forgets `fd`, then closes it (in that order: a closed number may be reused at once).
    private func finish(_ fd: Int32) {
        state.withLock { _ = $0.open.remove(fd) }
        close(fd)
    }

    private func write(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }
}

extension FakeUpstream {
    /// A clock tests move by hand, for cache TTLs.
    final class Clock: Sendable {
        private let base = ContinuousClock.now
        private let offset = Mutex(Duration.zero)

        /// The current instant.
        func now() -> ContinuousClock.Instant { base + offset.withLock { $0 } }

        /// Moves the clock forward.
        func advance(_ duration: Duration) { offset.withLock { $0 += duration } }
    }
}

extension UpstreamClient {
    /// `fetch`, waiting on this thread (not on the cooperative pool, which the suite's
    /// blocking tests may hold: a continuation resumed there could wait behind them).
    func value(_ request: UpstreamRequest) -> JSONValue? {
        let answer = Mutex<JSONValue?>(nil)
        let done = DispatchSemaphore(value: 0)
        fetch(request) { value in
            answer.withLock { $0 = value?.json }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 }
    }

    /// `fetchAll`, waiting on this thread.
    func values(_ requests: [UpstreamRequest]) -> [JSONValue?] {
        let answer = Mutex<[JSONValue?]>([])
        let done = DispatchSemaphore(value: 0)
        fetchAll(requests) { values in
            answer.withLock { $0 = values.map { $0?.json } }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 }
    }
}
