import TestSupport
import Dispatch
import Foundation
import Synchronization
import Testing
@testable import HTTPServer

@Suite("End to end: behaviour")
struct EndToEndBehaviourTests {
    @Test func headHasTheHeadersAndNoBody() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("HEAD /big HTTP/1.1\r\nHost: a\r\n\r\nGET /after HTTP/1.1\r\nHost: a\r\n\r\n")
        let head = try client.readResponse(head: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "1048576")
        #expect(try client.readResponse().bodyText == "GET /after - 0")  // no stray body bytes
    }

    @Test func notModifiedHasNoContentLength() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("GET /304 HTTP/1.1\r\nHost: a\r\n\r\nGET /after HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 304)
        #expect(response.header("Content-Length") == nil)
        #expect(response.header("ETag") == "\"x\"")
        #expect(try client.readResponse().bodyText == "GET /after - 0")
    }

    @Test func http10KeepAliveGetsConnectionKeepAlive() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try client.readResponse().header("Connection") == "keep-alive")
        client.send("GET /b HTTP/1.0\r\n\r\n")
        let last = try client.readResponse()
        #expect(last.header("Connection") == "close")
        #expect(try client.readsEOF())
    }

    @Test func connectionCloseIsHonoured() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("GET /a HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\nGET /never HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().header("Connection") == "close")
        #expect(try client.readsEOF())
    }

    @Test func handlerAnsweringFromAnotherThreadWorksInOrder() throws {
        let (server, handler) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("GET /async HTTP/1.1\r\nHost: a\r\n\r\nGET /sync HTTP/1.1\r\nHost: a\r\n\r\nGET /async HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().bodyText == "async")
        #expect(try client.readResponse().bodyText == "GET /sync - 0")
        #expect(try client.readResponse().bodyText == "async")
        #expect(eventually { handler.exchanges.withLock { $0.count } == 3 })
        #expect(handler.exchanges.withLock { $0.map(\.path) } == ["/async", "/sync", "/async"])
    }

    @Test func largeBodiesAndChunkedUploadsAndExpectContinue() throws {
        let (server, _) = try makeServer()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse().body.count == 1 << 20)
        client.send("POST /up HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        #expect(try client.readResponse().bodyText == "POST /up - 3")
        client.send("POST /c HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
        client.send("hi")
        #expect(try client.readResponse().bodyText == "POST /c - 2")  // the 100 is skipped by the client
    }

    @Test func maxConnectionsPausesAcceptingAndResumes() throws {
        let (server, _) = try makeServer { $0.maxConnections = 2 }
        defer { server.stop() }
        let first = try TestClient(port: server.boundPort)
        let second = try TestClient(port: server.boundPort)
        first.send("GET /1 HTTP/1.1\r\nHost: a\r\n\r\n")
        second.send("GET /2 HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try first.readResponse().status == 200)
        #expect(try second.readResponse().status == 200)
        let third = try TestClient(port: server.boundPort, timeout: 0.3)  // waits in the backlog
        third.send("GET /3 HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(throws: TestClient.Failure.self) { try third.readResponse() }
        #expect(server.openConnections == 2)
        first.send("GET /bye HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        #expect(try first.readResponse().status == 200)
        third.setTimeout(5)
        #expect(try third.readResponse().bodyText == "GET /3 - 0")
    }

    @Test func aResponderAnswersOnceAndLaterAnswersNeverTakeAnotherRequestsPlace() throws {
        let (server, handler) = try makeServer()
        let client = try TestClient(port: server.boundPort)
        client.send("GET /twice HTTP/1.1\r\nHost: a\r\n\r\nGET /echo HTTP/1.1\r\nHost: a\r\n\r\n")
        let first = try client.readResponse(), second = try client.readResponse()
        #expect(first.status == 200 && first.bodyText == "first")
        #expect(second.status == 200 && second.bodyText.hasPrefix("GET /echo"))
        #expect(handler.lateAnswerTried.wait(timeout: .now() + 5) == .success)
        client.send("GET /after HTTP/1.1\r\nHost: a\r\n\r\n")
        let third = try client.readResponse()
        #expect(third.status == 200 && third.bodyText.hasPrefix("GET /after"))
        server.stop()
    }

    @Test func drainAnswersRequestsInFlightWithCloseAndCompletes() throws {
        // One loop: once the idle connection sees EOF, the drain has reached the busy one too.
        let (server, handler) = try makeServer { $0.eventLoops = 1 }
        let idle = try TestClient(port: server.boundPort)
        idle.send("GET /idle HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try idle.readResponse().status == 200)
        let busy = try TestClient(port: server.boundPort)
        busy.send("GET /hold HTTP/1.1\r\nHost: a\r\n\r\nGET /hold HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(eventually { handler.heldCount == 2 })
        let done = Atomic<Bool>(false)
        server.drain(grace: .zero, timeout: .seconds(5)) { done.store(true, ordering: .relaxed) }
        #expect(try idle.readsEOF())  // idle keep-alive connection closed, no bytes were waiting
        handler.release()
        let first = try busy.readResponse()
        let second = try busy.readResponse()
        #expect(first.header("Connection") == nil)
        #expect(second.header("Connection") == "close")
        #expect(try busy.readsEOF())
        #expect(eventually { done.load(ordering: .relaxed) })
        #expect(throws: TestClient.Failure.self) { try TestClient(port: server.boundPort) }
    }

    @Test func aDrainEndsWhileTheGlobalQueuesWorkersAreAllBlocked() throws {
        let (server, _) = try makeServer()
        let blocker = DispatchSemaphore(value: 0)
        defer { for _ in 0..<16 { blocker.signal() } }
        for _ in 0..<16 { DispatchQueue.global().async { blocker.wait() } }  // more than one worker per core
        let done = DispatchSemaphore(value: 0)
        server.drain(grace: .zero, timeout: .seconds(5)) { done.signal() }
        #expect(done.wait(timeout: .now() + 3) == .success)
    }

    @Test func drainTimeoutClosesWhatRemains() throws {
        let (server, _) = try makeServer()
        let busy = try TestClient(port: server.boundPort)
        busy.send("GET /hold HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(eventually { server.openConnections == 1 })
        let done = Atomic<Bool>(false)
        server.drain(grace: .milliseconds(10), timeout: .milliseconds(200)) { done.store(true, ordering: .relaxed) }
        #expect(eventually { done.load(ordering: .relaxed) })
        #expect(server.openConnections == 0)
    }
}
