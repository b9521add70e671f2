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

    /// Waits until `condition` holds (5 s at most), checking after each task pass of `loop`.
    static func waitUntil(_ loop: EventLoop, _ condition: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(5)
        while !condition(), ContinuousClock.now < deadline { _ = onLoop(loop) { 0 } }
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
        Self.waitUntil(loop) { Self.workHeld(loop).held == [true] }
        #expect(Self.workHeld(loop) == ([true], []))
        client.send("st: a\r\n\r\n")
        #expect(try client.readResponse().bodyText == "GET /split - 0")
        #expect(Self.workHeld(loop).held == [false])
    }

    /// Connections answered later each hold work storage meanwhile; once answered, the loop
    /// keeps `maxSpareWork` of them and frees the rest.
    @Test func theLoopKeepsAtMostItsLimitOfSpareWork() throws {
        let (server, handler) = try makeServer { $0.eventLoops = 1 }
        defer { server.stop() }
        let loop = try #require(server.context.loops.withLock { $0.first })
        let clients = try (0..<EventLoop.maxSpareWork + 4).map { _ in try TestClient(port: server.boundPort) }
        for client in clients { client.send("GET /hold HTTP/1.1\r\nHost: a\r\n\r\n") }
        Self.waitUntil(loop) { handler.heldCount == clients.count }
        #expect(Self.workHeld(loop).held == Array(repeating: true, count: clients.count))
        handler.release()
        for client in clients { #expect(try client.readResponse().bodyText == "held") }
        let after = Self.workHeld(loop)
        #expect(after.held == Array(repeating: false, count: clients.count) && after.spares.count == EventLoop.maxSpareWork)
    }

    /// An answer given twice, the second time once the connection's next request is owed from
    /// other (new) work storage, takes no place of that request: numbering goes on.
    @Test func aLateAnswerFindsNoSlotInTheNextWorkStorage() throws {
        let (server, handler) = try makeServer { $0.eventLoops = 1 }
        defer { server.stop() }
        let loop = try #require(server.context.loops.withLock { $0.first })
        let first = try TestClient(port: server.boundPort), second = try TestClient(port: server.boundPort)
        func waitHeld(_ count: Int) { Self.waitUntil(loop) { handler.heldCount == count } }
        first.send("GET /hold HTTP/1.1\r\nHost: a\r\n\r\n")
        waitHeld(1)
        let answered = try #require(handler.held.withLock { $0.first })
        handler.release()
        #expect(try first.readResponse().bodyText == "held")  // its storage went back to the loop
        second.send("GET /hold HTTP/1.1\r\nHost: a\r\n\r\n")  // ... and is the second's now
        waitHeld(1)
        first.send("GET /hold HTTP/1.1\r\nHost: a\r\n\r\n")  // from new storage
        waitHeld(2)
        answered.respond(HTTPResponse(status: 500, body: Array("late".utf8)))
        handler.release()
        #expect(try first.readResponse().bodyText == "held")
        #expect(try second.readResponse().bodyText == "held")
    }
}
