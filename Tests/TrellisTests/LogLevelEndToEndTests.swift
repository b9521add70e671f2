import Foundation
import TestSupport
import Testing

/// `--log-level` filters the logs, never the access log; an unknown `TRELLIS_*` variable is
/// a warning at start (SPEC §13).
@Suite(.serialized) struct LogLevelEndToEndTests {
    @Test func debugShowsTheConfigurationLineAndTheAccessLogIsWritten() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages, arguments: ["--log-level", "debug"])
        _ = try TestClient(port: server.port).request("/home")
        _ = try server.waitFor("an access-log line", timeout: 5) { server.accessLog.first }
        let debug = server.errorLog.split(separator: "\n").filter { $0.contains(" debug trellis") }
        #expect(debug.contains { $0.contains("configuration") && $0.contains("max-connections=10000") }, "\(server.errorLog)")
        server.stop()
    }

    @Test func errorHidesEverythingBelowItButNotTheAccessLog() throws {
        let (listener, port) = LoopbackSocket.listen()  // a port free a moment ago
        close(listener)
        let (process, out, err) = Process.trellis(
            ["serve", "--pages", ServeEndToEndTests.pages, "--host", "127.0.0.1", "--port", "\(port)"],
            environment: ["TRELLIS_LOG_LEVEL": "error"])
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        let deadline = Date().addingTimeInterval(30)
        var answered = false
        while !answered, Date() < deadline, process.isRunning {
            answered = (try? TestClient(port: port).request("/home").status) == 200
            if !answered { usleep(20_000) }
        }
        #expect(answered)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stdout.contains("path=/home status=200"), "\(stdout)")
        #expect(!stderr.contains("listening on") && !stderr.contains("configuration") && !stderr.contains("draining"), "\(stderr)")
    }

    @Test func anUnknownTrellisVariableIsWarnedAboutByName() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages, environment: ["TRELLIS_FOO": "1", "TRELLIS_PORTS": "9"])
        let warnings = server.errorLog.split(separator: "\n").filter { $0.contains(" warning ") }
        #expect(warnings.filter { $0.contains("TRELLIS_FOO") }.count == 1, "\(server.errorLog)")
        #expect(warnings.contains { $0.contains("TRELLIS_PORTS") })
        #expect(!server.errorLog.contains("TRELLIS_AT"))  // set by the tests, and a flag of serve
        server.stop()
    }
}
