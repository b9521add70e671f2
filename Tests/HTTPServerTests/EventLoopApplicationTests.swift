import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// The loop API application code uses (no pages involved): watching a descriptor, timers
/// that run and timers that are cancelled, a loop on a thread of its own, and the loop of a
/// request reached through its responder.
@Suite struct EventLoopApplicationTests {
    /// Records what handlers saw, on whichever thread they ran.
    final class Events: Sendable {
        let list = Mutex<[String]>([])
        let signal = DispatchSemaphore(value: 0)

        func add(_ event: String) {
            list.withLock { $0.append(event) }
            signal.signal()
        }

        /// Waits (at most 10 s) for the next event.
        func next() -> Bool { signal.wait(timeout: .now() + 10) == .success }

        var all: [String] { list.withLock { $0 } }
    }

    /// Two connected non-blocking Unix sockets, closed when it goes away.
    final class SocketPair {
        let ends: [Int32]

        init() {
            var pair: [Int32] = [-1, -1]
            _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &pair)
            ends = pair
        }

        deinit { ends.forEach { close($0) } }
    }

    /// Runs `body` on `loop`'s thread and waits for it.
    func onLoop<T: Sendable>(_ loop: EventLoop, _ body: @escaping @Sendable () -> T) -> T {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        loop.execute {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }

    @Test func aWatchedDescriptorCallsItsHandlerOnTheLoopUntilUnwatched() throws {
        let thread = try EventLoopThread(name: "test-loop")
        let loop = thread.loop
        let sockets = SocketPair()
        let events = Events()
        let reader = sockets.ends[0]
        let watch = onLoop(loop) {
            try! loop.watch(reader, readable: true, writable: false) { readiness in
                var byte: UInt8 = 0
                _ = recv(reader, &byte, 1, 0)  // consume it: level-triggered
                events.add("\(readiness.readable) \(loop.inLoop) \(Character(UnicodeScalar(byte)))")
            }
        }
        #expect(events.all.isEmpty)
        _ = send(sockets.ends[1], "a", 1, 0)
        #expect(events.next())
        #expect(events.all == ["true true a"])
        onLoop(loop) { loop.unwatch(watch) }
        _ = send(sockets.ends[1], "b", 1, 0)
        // A timer scheduled after the write runs in a later pass than the readiness would.
        onLoop(loop) { loop.schedule(at: .now) { events.add("later") } }
        #expect(events.next())
        #expect(events.all == ["true true a", "later"])
    }

    @Test func writableInterestCanBeSwitchedOnAndOff() throws {
        let thread = try EventLoopThread(name: "test-loop")
        let loop = thread.loop
        let sockets = SocketPair()
        let events = Events()
        let fd = sockets.ends[0]
        let box = Mutex<EventLoop.Watch?>(nil)
        onLoop(loop) {
            let watch = try! loop.watch(fd, readable: false, writable: false) { readiness in
                events.add("writable \(readiness.writable)")
                try! loop.setInterest(box.withLock { $0! }, readable: false, writable: false)  // once
            }
            box.withLock { $0 = watch }
            try! loop.setInterest(watch, readable: false, writable: true)
        }
        #expect(events.next())
        onLoop(loop) { loop.schedule(at: .now) { events.add("done") } }
        #expect(events.next())
        #expect(events.all == ["writable true", "done"])
        onLoop(loop) { loop.unwatch(box.withLock { $0! }) }
    }

    @Test func timersRunInDeadlineOrderAndACancelledOneNever() throws {
        let thread = try EventLoopThread(name: "test-loop")
        let loop = thread.loop
        let events = Events()
        let start = ContinuousClock.now
        onLoop(loop) {
            loop.schedule(at: start + .milliseconds(30)) { events.add("30 \(loop.inLoop)") }
            let cancelled = loop.schedule(at: start + .milliseconds(10)) { events.add("cancelled") }
            loop.schedule(at: start + .milliseconds(20)) { events.add("20 \(ContinuousClock.now - start >= .milliseconds(20))") }
            loop.cancel(cancelled)
        }
        #expect(events.next() && events.next())
        #expect(events.all == ["20 true", "30 true"])
    }

    @Test func aHandlerAnswersLaterFromATimerOnItsConnectionsLoop() throws {
        /// Answers each request 30 ms later from a loop timer, noting it ran on that loop.
        final class DelayedHandler: HTTPHandler {
            func handle(_ request: HTTPRequest, responder: HTTPResponder) {
                let loop = responder.eventLoop
                let onLoop = loop.inLoop
                let asked = ContinuousClock.now
                loop.schedule(at: asked + .milliseconds(30)) {
                    let text = "\(onLoop) \(loop.inLoop) \(ContinuousClock.now - asked >= .milliseconds(30))"
                    responder.respond(HTTPResponse(status: 200, body: Array(text.utf8)))
                }
            }
        }
        var configuration = HTTPServer.Configuration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.eventLoops = 2
        let server = HTTPServer(configuration: configuration, handler: DelayedHandler())
        try server.start()
        defer { server.stop() }
        let clients = try (0..<4).map { _ in try TestClient(port: server.boundPort) }
        for client in clients { client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n") }
        for client in clients { #expect(try client.readResponse().bodyText == "true true true") }
    }
}
