import Testing
@testable import HTTPServer

@Suite("FailureLog: rate-limited, nothing swallowed")
struct FailureLogTests {
    @Test func oneLinePerKindPerIntervalWithTheCountOfSuppressedOnes() {
        let captured = CapturedLog()
        let log = FailureLog(logger: captured.logger, interval: .seconds(1))
        let start = ContinuousClock.now
        for step in 0..<5 { log.report(.acceptBackOff, "EMFILE \(step)", now: start + .milliseconds(step * 100)) }
        log.report(.tlsHandshake, "handshake", now: start + .milliseconds(200))
        log.report(.acceptBackOff, "EMFILE later", now: start + .seconds(1))
        let lines = captured.all
        #expect(lines.map(\.message) == ["EMFILE 0", "handshake", "EMFILE later"])
        #expect(lines[0].metadata["suppressed"] == nil)
        #expect(lines[2].metadata["suppressed"] == "4")
        #expect(lines[2].metadata["kind"] == "accept_back_off")
    }
}
