import TestSupport
import Foundation
import Glibc
import Testing
@testable import HTTPServer

@Suite("End to end: no busy loops")
struct EndToEndSpinTests {
    static func iterations(_ server: HTTPServer) -> Int {
        server.context.loops.withLock { $0.reduce(0) { $0 + $1.iterations.load(ordering: .relaxed) } }
    }

    /// Idle keep-alive, a half-closed client with an answer owed and a client that doesn't read
    /// a large response must not make the loops spin (level-triggered EPOLLOUT/RDHUP left armed).
    @Test func waitingConnectionsCostNoCPU() throws {
        let (server, handler) = try makeServer()
        defer { server.stop() }
        let idle = try TestClient(port: server.boundPort)
        idle.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        _ = try idle.readResponse()
        let halfClosed = try TestClient(port: server.boundPort)
        halfClosed.send("GET /hold HTTP/1.1\r\nHost: a\r\n\r\n")
        shutdown(halfClosed.fd, Int32(SHUT_WR))
        let slowReader = try TestClient(port: server.boundPort)
        slowReader.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(eventually { handler.heldCount == 1 && server.openConnections == 3 })
        // 50 round trips on a fourth connection take a handful of loop passes each; a loop
        // spinning on one of the waiting connections would add thousands in that time.
        let busy = try TestClient(port: server.boundPort)
        let before = Self.iterations(server)
        for index in 0..<50 {
            busy.send("GET /\(index) HTTP/1.1\r\nHost: a\r\n\r\n")
            _ = try busy.readResponse()
        }
        let passes = Self.iterations(server) - before
        #expect(passes < 50 * 6, "loop passes for 50 round trips: \(passes)")
        handler.release()
        #expect(try halfClosed.readResponse().bodyText == "held")
        #expect(try slowReader.readResponse().body.count == 1 << 20)
    }
}
