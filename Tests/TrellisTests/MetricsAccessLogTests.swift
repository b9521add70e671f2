import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Trellis

/// The access log: the per-request record next to the metrics.
@Suite struct MetricsAccessLogTests {
    /// 2026-11-21T21:51:00.123Z
    private let time = Date(timeIntervalSince1970: 1_795_297_860.123)

    /// Everything readable from `fd` until every writer has closed it.
    private func readAll(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(fd, &chunk, chunk.count), count > 0 { bytes += chunk[0..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func writesOneLineToThePipe() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let log = AccessLog(fileDescriptor: fds[1])
        log.log(id: "r-1", method: "GET", path: "/home", status: 200, bytes: 3764,
                duration: .microseconds(213), extra: "page=home variants=\"home-hero=A\" release=stable", at: time)
        log.flush()
        close(fds[1])
        #expect(readAll(fds[0]) == "time=2026-11-21T21:51:00.123Z id=r-1 method=GET path=/home status=200"
            + " bytes=3764 duration_ms=0.213 page=home variants=\"home-hero=A\" release=stable\n")
        close(fds[0])
    }

    @Test func quotesValuesThatNeedIt() {
        #expect(AccessLog.value("/home") == "/home")
        #expect(AccessLog.value("a b") == "\"a b\"")
        #expect(AccessLog.value("a=b") == "\"a=b\"")
        #expect(AccessLog.value("say \"hi\" \\o/") == "\"say \\\"hi\\\" \\\\o/\"")
        #expect(AccessLog.value("line\nbreak") == "\"line\\nbreak\"")
        #expect(AccessLog.value("") == "\"\"")
        let line = AccessLog.line(id: "", method: "GET", path: "/a b", status: 404, bytes: 0,
                                  duration: .seconds(1.5), extra: "", at: time)
        #expect(line == "time=2026-11-21T21:51:00.123Z id=\"\" method=GET path=\"/a b\" status=404 bytes=0 duration_ms=1500.000\n")
    }

    @Test func formatsTimeAndDuration() {
        #expect(AccessLog.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(AccessLog.timestamp(time) == "2026-11-21T21:51:00.123Z")
        #expect(AccessLog.milliseconds(.nanoseconds(999)) == "0.000")
        #expect(AccessLog.milliseconds(.microseconds(12_345)) == "12.345")
    }

    @Test func concurrentLinesNeverInterleave() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let log = AccessLog(fileDescriptor: fds[1])
        let readEnd = fds[0]
        let output = Mutex("")
        let done = DispatchSemaphore(value: 0)
        DispatchQueue(label: "reader").async {
            let text = readAll(readEnd)
            output.withLock { $0 = text }
            done.signal()
        }
        let path = "/" + String(repeating: "x", count: 6000)
        DispatchQueue.concurrentPerform(iterations: 200) { i in
            log.log(id: "r\(i)", method: "GET", path: path, status: 200, bytes: i, duration: .zero, loop: i % 3, at: time)
            if i % 7 == 0 { log.didFinishPass(loop: i % 3) }
        }
        log.flush()
        close(fds[1])
        done.wait()
        close(fds[0])
        let lines = output.withLock { $0 }.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 200)
        #expect(lines.allSatisfy { $0.hasPrefix("time=") && $0.contains(path + " status=200") && $0.hasSuffix("duration_ms=0.000") })
    }

    @Test func aLoopsLinesWaitForTheEndOfItsPassThenGoOutInOrderInOneWrite() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let log = AccessLog(fileDescriptor: fds[1], loops: 2)
        for i in 0..<3 { log.log(id: "a\(i)", method: "GET", path: "/", status: 200, bytes: 0, duration: .zero, loop: 1, at: time) }
        var pending = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&pending, 1, 0) == 0, "nothing is written before the pass ends")
        log.didFinishPass(loop: 1)
        log.flush()
        close(fds[1])
        let ids = readAll(fds[0]).split(separator: "\n").map { $0.split(separator: " ")[1] }
        #expect(ids == ["id=a0", "id=a1", "id=a2"])
    }

    /// stdout is a pipe nobody reads: logging never blocks, and what does not fit in the
    /// buffer is dropped and counted.
    @Test func aStalledDescriptorDropsAndCountsLinesWithoutBlocking() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let log = AccessLog(fileDescriptor: fds[1], loops: 1, bufferCapacity: 16 * 1024)
        defer {
            // The reader goes first: the writer's blocked write fails, the rest is dropped, and
            // only then may the descriptor number be reused by another test.
            close(fds[0])
            #expect(log.flush(timeout: .seconds(10)))
            close(fds[1])
        }
        let registry = MetricsRegistry()
        log.register(on: registry)
        let path = "/" + String(repeating: "p", count: 1000)
        for i in 0..<1000 {
            log.log(id: "r\(i)", method: "GET", path: path, status: 200, bytes: 0, duration: .zero, at: time)
            log.didFinishPass(loop: 0)
        }
        // The pipe holds 64 KiB and the buffer 16 KiB: of ~1 MiB of lines most are dropped.
        #expect(log.droppedLines > 800)
        #expect(registry.render().contains("trellis_access_log_dropped_lines_total \(log.droppedLines)"))
    }
}
