import Foundation
import TestSupport
import Testing

/// The access log off the hot path (SPEC §4.3): a stalled stdout never stalls requests (lines
/// are dropped and counted instead), and a drain writes every buffered line before exiting.
@Suite(.serialized) struct AccessLogDeliveryEndToEndTests {
    /// `count` pipelined HEAD requests for unknown paths of about `pathLength` bytes, sent and
    /// answered in rounds of 50.
    private func pipeline(_ client: TestClient, count: Int, pathLength: Int) throws -> Int {
        let filler = String(repeating: "x", count: pathLength)
        var answered = 0
        for round in stride(from: 0, to: count, by: 50) {
            let size = min(50, count - round)
            client.send((0..<size).map { "HEAD /nowhere/\(round + $0)/\(filler) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
            for _ in 0..<size where try client.readResponse(head: true).status == 404 { answered += 1 }
        }
        return answered
    }

    @Test func aStdoutNobodyReadsDropsAndCountsLinesWhileRequestsAreAnswered() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages, readsStdout: false)
        defer { server.stop() }
        let client = try TestClient(port: server.port, timeout: 10)
        // ~700 lines of ~7 KB: more than the pipe (64 KiB) and the log's buffer (4 MiB) hold.
        #expect(try pipeline(client, count: 700, pathLength: 7000) == 700)
        let metrics = try client.request("/metrics")
        #expect(metrics.status == 200)
        let line = metrics.bodyText.split(separator: "\n").first { $0.hasPrefix("trellis_access_log_dropped_lines_total ") }
        let dropped = line.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        #expect(dropped > 0, "\(line ?? "no dropped-lines counter")")
    }

    @Test func everyLineIsWrittenBeforeTheProcessExitsAfterSigterm() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages)
        let client = try TestClient(port: server.port, timeout: 10)
        #expect(try pipeline(client, count: 300, pathLength: 10) == 300)
        #expect(server.stop() == 0)
        let deadline = Date().addingTimeInterval(5)  // the pipe's reader may still be catching up
        while server.accessLog.count < 300, Date() < deadline { usleep(10_000) }
        let paths = Set(server.accessLog.compactMap { $0.split(separator: " ").first { $0.hasPrefix("path=/nowhere/") } })
        #expect(paths.count == 300)
    }
}
