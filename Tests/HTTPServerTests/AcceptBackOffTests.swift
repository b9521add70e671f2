import Glibc
import Synchronization
import SystemCalls
import TestSupport
import Testing
@testable import HTTPServer

@Suite("Accept back-off on EMFILE")
struct AcceptBackOffTests {
    /// `accept` fails with EMFILE while `exhausted` is set, as it does at the descriptor limit.
    @Test func theServerLogsTheBackOffKeepsRunningAndAcceptsOnceDescriptorsAreFree() throws {
        let exhausted = Atomic<Bool>(true)
        let attempts = Atomic<Int>(0)
        let log = CapturedLog()
        var configuration = HTTPServer.Configuration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.eventLoops = 1
        let server = HTTPServer(
            configuration: configuration, handler: TestHandler(), logger: log.logger,
            accept: { (fd) throws(SystemError) -> IOResult<Int32> in
                attempts.add(1, ordering: .relaxed)
                if exhausted.load(ordering: .relaxed) { throw SystemError(function: "accept4", errno: EMFILE) }
                return try System.accept(fd)
            })
        try server.start()
        defer { server.stop() }
        let client = try TestClient(port: server.boundPort)
        client.send("GET /after HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(eventually { log.all.contains { $0.metadata["kind"] == "accept_back_off" } })
        // Backing off, not spinning on the readable listener: a few attempts, not thousands.
        #expect(eventually { attempts.load(ordering: .relaxed) >= 3 })
        let backOffLines = log.all.filter { $0.metadata["kind"] == "accept_back_off" }
        #expect(backOffLines.count == 1, "one line a second at most")
        #expect(backOffLines.first?.message.contains("Too many open files") == true)
        #expect(attempts.load(ordering: .relaxed) < 50)
        exhausted.store(false, ordering: .relaxed)
        #expect(try client.readResponse().bodyText == "GET /after - 0")
    }
}
