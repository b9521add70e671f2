import Foundation
import Testing
@testable import Trellis

/// The access log's writer thread: it writes an idle server's line at once and gathers a busy
/// server's lines into few writes.
@Suite struct AccessLogWriterTests {
    private let line = Array("id=r1 status=200\n".utf8)

    /// A writer whose gathering lasts an hour, so only a wake-up or a flush ends it.
    private func withWriter(_ body: (AccessLogWriter, _ reader: Int32) throws -> Void) throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let writer = AccessLogWriter(fileDescriptor: fds[1], capacity: 1 << 20, gatherInterval: 3600)
        defer {
            writer.stop()
            close(fds[0])
            close(fds[1])
        }
        try body(writer, fds[0])
    }

    private func submit(_ writer: AccessLogWriter) {
        line.withUnsafeBufferPointer { writer.submit($0, lines: 1) }
    }

    /// Up to `count` bytes from `fd`, waiting at most `seconds` for each read.
    private func read(_ fd: Int32, count: Int, seconds: Int32 = 30) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: count)
        while bytes.count < count {
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, seconds * 1000) == 1 else { break }
            let got = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, count - bytes.count) }
            guard got > 0 else { break }
            bytes += buffer[..<got]
        }
        return bytes
    }

    /// Waits (30 s at most) until the writer's phase is `phase`; whether it came.
    private func awaitPhase(_ phase: AccessLogWriter.Phase, of writer: AccessLogWriter) -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while writer.status.phase != phase {
            guard ContinuousClock.now < deadline else { return false }
            sched_yield()
        }
        return true
    }

    /// A line handed to a writer with nothing to do is written without a flush, though the
    /// writer would gather for an hour once busy.
    @Test func anIdleWriterWritesALineAtOnce() throws {
        try withWriter { writer, reader in
            submit(writer)
            #expect(writer.flush(timeout: .seconds(30)))
            #expect(read(reader, count: line.count) == line)
            #expect(writer.status.phase == .sleeping)
            submit(writer)
            #expect(read(reader, count: line.count) == line)
        }
    }

    /// After a write the writer gathers: batches below the wake-up size leave it gathering and
    /// wait for the rest of the interval (or a flush), so a thousand loop passes' lines go out
    /// in one write, not a thousand, and whole.
    @Test func aBusyWriterGathersBatchesIntoOneWrite() throws {
        try withWriter { writer, reader in
            submit(writer)
            #expect(read(reader, count: line.count) == line)
            try #require(awaitPhase(.gathering, of: writer))
            let writes = writer.status.writes
            var stillGathering = 0
            for _ in 0..<1000 {
                submit(writer)
                if writer.status.phase == .gathering { stillGathering += 1 }
            }
            #expect(stillGathering == 1000)
            #expect(writer.status.queuedBytes == 1000 * line.count)
            #expect(writer.flush(timeout: .seconds(30)))
            #expect(writer.status.writes == writes + 1)
            #expect(read(reader, count: 1000 * line.count) == Array([[UInt8]](repeating: line, count: 1000).joined()))
        }
    }
}
