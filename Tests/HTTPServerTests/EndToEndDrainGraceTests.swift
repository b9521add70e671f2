import Synchronization
import TestSupport
import Testing
@testable import HTTPServer

@Suite("End to end: the drain's grace period (SPEC §4.4)")
struct EndToEndDrainGraceTests {
    @Test func duringTheGracePeriodEveryAnswerClosesItsConnection() throws {
        let (server, handler) = try makeServer { $0.eventLoops = 1 }
        defer { server.stop() }
        let kept = try TestClient(port: server.boundPort)
        kept.send("GET /first HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try kept.readResponse().header("Connection") == nil)
        kept.send("GET /hold HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(eventually { handler.heldCount == 1 })
        server.drain(grace: .seconds(60), timeout: .seconds(5)) {}
        // The drain's start reaches the loop before the held answer (one task queue, in order).
        handler.release()
        let answer = try kept.readResponse()
        #expect(answer.bodyText == "held")
        #expect(answer.header("Connection") == "close")
        #expect(try kept.readsEOF())
        // The listener is still open during the grace period: a new client is served, once.
        let late = try TestClient(port: server.boundPort)
        late.send("GET /late HTTP/1.1\r\nHost: a\r\n\r\n")
        let lateAnswer = try late.readResponse()
        #expect(lateAnswer.bodyText == "GET /late - 0")
        #expect(lateAnswer.header("Connection") == "close")
        #expect(try late.readsEOF())
    }

    @Test func theLastPipelinedAnswerOfAConnectionInTheGracePeriodCloses() throws {
        let (server, handler) = try makeServer { $0.eventLoops = 1 }
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("GET /hold HTTP/1.1\r\nHost: a\r\n\r\nGET /next HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(eventually { handler.heldCount == 1 })
        server.drain(grace: .seconds(60), timeout: .seconds(5)) {}
        handler.release()
        let first = try client.readResponse()
        let second = try client.readResponse()
        #expect(first.bodyText == "held" && first.header("Connection") == nil)
        #expect(second.bodyText == "GET /next - 0" && second.header("Connection") == "close")
        #expect(try client.readsEOF())
    }
}
