import Dispatch
import Synchronization
import TestSupport
import Testing
@testable import HTTPServer

/// An idle keep-alive connection gives back the buffers it keeps between requests (input,
/// output queue, response slots); a busy one keeps them.
@Suite("Idle connections: buffers freed by the loop's sweep")
struct IdleSweepTests {
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

    @Test func aSweepFreesTheBuffersOfAConnectionIdleSinceTheIntervalAndItStillServes() throws {
        let (server, loop, client) = try Self.serverAfterOneRequest()
        defer { server.stop() }
        let kept = Self.onLoop(loop) { loop.connections.values.first?.bufferCapacity ?? -1 }
        #expect(kept > 0)
        // Not yet idle for a whole interval: kept.
        #expect(Self.onLoop(loop) {
            loop.sweepIdleConnections(now: .now)
            return loop.connections.values.first?.bufferCapacity ?? -1
        } == kept)
        let swept = Self.onLoop(loop) {
            loop.sweepIdleConnections(now: .now + EventLoop.idleSweepInterval)
            return loop.connections.values.first?.bufferCapacity ?? -1
        }
        #expect(swept == 0)
        #expect(try client.request("/second").bodyText == "GET /second - 0")
    }

    /// A request's header storage goes back to the loop once it is answered: a connection
    /// between requests holds none, and the next request (on any connection) reuses it.
    @Test func headerStorageIsTheLoopsBetweenRequests() throws {
        let (server, loop, first) = try Self.serverAfterOneRequest()
        defer { server.stop() }
        let held = Self.onLoop(loop) {
            (loop.spareHeaders.capacity.fields, loop.connections.values.first?.parser.spareCapacity ?? -1)
        }
        #expect(held.0 > 0 && held.1 == 0)
        let second = try TestClient(port: server.boundPort)
        #expect(try second.request("/two").status == 200)
        #expect(Self.onLoop(loop) { loop.connections.values.map(\.parser.spareCapacity) } == [0, 0])
        withExtendedLifetime(first) {}  // both connections open throughout
    }

    @Test func theMachineIsIdleOnlyBetweenRequestsAndOwingNothing() {
        let start = MonotonicInstant.now
        var machine = ConnectionStateMachine(now: start, timeouts: .init())
        #expect(!machine.isIdle(since: start + .seconds(1)))  // the first request's head is awaited
        machine.requestCompleted(now: start, keepAlive: true)
        #expect(!machine.isIdle(since: start + .seconds(1)))  // its answer is owed
        _ = machine.responseWritten(now: start + .seconds(1), closing: false, bytesBuffered: false)
        #expect(machine.isIdle(since: start + .seconds(1)) && !machine.isIdle(since: start))
        machine.bytesArrived(now: start + .seconds(2))
        #expect(!machine.isIdle(since: start + .seconds(3)))
    }
}
