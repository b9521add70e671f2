import Dispatch
import Synchronization
import TestSupport
import Testing
@testable import HTTPServer

/// A keep-alive connection between requests holds no work storage (parser, input, answers owed,
/// output queue): it gives it back to its loop once nothing is in hand, and the next request on
/// any of the loop's connections reuses it.
@Suite("Idle connections: work storage is the loop's between requests")
struct IdleConnectionTests {
    /// Runs `body` on `loop`'s thread and returns its value.
    static func onLoop<T: Sendable>(_ loop: EventLoop, _ body: @escaping @Sendable () -> T) -> T {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        loop.execute {
            result.withLock { $0 = body() }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }

    /// A one-loop server that has answered `/first` on a kept-alive connection, its loop and
    /// that connection's client.
    static func serverAfterOneRequest() throws -> (server: HTTPServer, loop: EventLoop, client: TestClient) {
        let (server, _) = try makeServer { $0.eventLoops = 1 }
        let loop = try #require(server.context.loops.withLock { $0.first })
        let client = try TestClient(port: server.boundPort)
        #expect(try client.request("/first").status == 200)
        return (server, loop, client)
    }

    /// Whether each of `loop`'s connections holds work storage, and the spare storage the loop keeps.
    static func workHeld(_ loop: EventLoop) -> (held: [Bool], spares: [ObjectIdentifier]) {
        onLoop(loop) { (loop.connections.values.map { $0.lent != nil }, loop.spareWork.map(ObjectIdentifier.init)) }
    }

    @Test func aConnectionBetweenRequestsHoldsNoWorkAndTheNextRequestReusesTheLoops() throws {
        let (server, loop, first) = try Self.serverAfterOneRequest()
        defer { server.stop() }
        let after = Self.workHeld(loop)
        #expect(after.held == [false] && after.spares.count == 1)
        let second = try TestClient(port: server.boundPort)
        #expect(try second.request("/two").status == 200)
        #expect(try first.request("/again").bodyText == "GET /again - 0")
        let later = Self.workHeld(loop)
        #expect(later.held == [false, false] && later.spares == after.spares, "the same storage, reused")
    }

    @Test func aConnectionKeepsItsWorkWhileARequestIsHalfReceived() throws {
        let (server, loop, client) = try Self.serverAfterOneRequest()
        defer { server.stop() }
        client.send("GET /split HTTP/1.1\r\nHo")
        let deadline = ContinuousClock.now + .seconds(5)
        while Self.workHeld(loop).held != [true], ContinuousClock.now < deadline {
            _ = Self.onLoop(loop) { 0 }  // one more loop pass
        }
        #expect(Self.workHeld(loop) == ([true], []))
        client.send("st: a\r\n\r\n")
        #expect(try client.readResponse().bodyText == "GET /split - 0")
        #expect(Self.workHeld(loop).held == [false])
    }

    /// An answer given twice, the second time after the connection gave its work storage back
    /// (and another connection used it), takes no later request's place.
    @Test func aLateAnswerFindsNoSlotAfterTheWorkWentAround() throws {
        let (server, handler) = try makeServer { $0.eventLoops = 1 }
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        #expect(try client.request("/twice").bodyText == "first")
        #expect(try TestClient(port: server.boundPort).request("/other").status == 200)
        #expect(handler.lateAnswerTried.wait(timeout: .now() + 5) == .success)
        #expect(try client.request("/after").bodyText == "GET /after - 0")
    }
}
