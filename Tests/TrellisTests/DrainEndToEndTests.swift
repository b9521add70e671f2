import Foundation
import TestSupport
import Testing

/// SIGTERM with requests in flight (SPEC §4.3): `/readyz` turns 503 at once, requests already
/// received are answered with `Connection: close`, and the process exits 0.
@Suite(.serialized) struct DrainEndToEndTests {
    @Test func sigtermAnswersInFlightRequestsAndExitsZero() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages, arguments: ["--drain-grace", "1"])
        let inFlight = try TestClient(port: server.port)
        #expect(try inFlight.request("/readyz").status == 200)
        // A request whose head is still arriving when SIGTERM comes.
        inFlight.send("GET /home HTTP/1.1\r\nHost: t\r\n")
        let probe = try TestClient(port: server.port)
        server.send(SIGTERM)
        _ = try server.waitFor("readyz 503", timeout: 5) {
            (try? probe.request("/readyz").status) == 503 ? true : nil
        }
        // After the grace period the listener is closed: new connections are refused.
        _ = try server.waitFor("the listener to close", timeout: 10) {
            (try? TestClient(port: server.port)) == nil ? true : nil
        }
        // The in-flight request completes, with a pipelined one behind it: both are answered.
        inFlight.send("\r\nGET /product/3 HTTP/1.1\r\nHost: t\r\n\r\n")
        let first = try inFlight.readResponse()
        let second = try inFlight.readResponse()
        #expect(first.status == 200 && second.status == 200)
        #expect(second.header("Connection") == "close")
        #expect(try inFlight.readsEOF())
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }
}
