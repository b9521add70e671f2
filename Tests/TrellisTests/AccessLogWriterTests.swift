import Dispatch
import Foundation
import Testing
import TestSupport
@testable import Trellis

/// The access log's writer thread: it writes an idle server's line at once and gathers a busy
/// server's lines into few writes.
@Suite struct AccessLogWriterTests {
    /// 2026-11-21T21:51:00.123Z
    private static let time = Date(timeIntervalSince1970: 1_795_297_860.123)
    /// The line every loop pass of these tests writes.
    private let line = Array("time=2026-11-21T21:51:00.123Z id=r1 status=200\n".utf8)

    /// A writer of `loops` loops' batches that gathers for `gatherInterval` (an hour: only a
    /// wake-up or a flush ends it), writing to a pipe whose other end the body reads.
    private func withWriter(loops: Int = 1, gatherInterval: Double = 3600,
                            _ body: (AccessLogWriter, [AccessLogBatch], _ reader: Int32) throws -> Void) throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let batches = (0..<loops).map { _ in AccessLogBatch(format: .text, limit: 1 << 20) }
        let writer = AccessLogWriter(fileDescriptor: fds[1], batches: batches, gatherInterval: gatherInterval)
        defer {
            writer.stop()
            close(fds[0])
            close(fds[1])
        }
        try body(writer, batches, fds[0])
    }

    /// One loop pass that logs `line`.
    private func pass(_ writer: AccessLogWriter, _ batch: AccessLogBatch) {
        batch.append(at: Self.time) { line in
            line.field("id", "r1")
            line.number("status", 200)
        }
        writer.passEnded(bytes: batch.pendingBytes)
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
        try withWriter { writer, batches, reader in
            let batch = batches[0]
            pass(writer, batch)
            #expect(writer.flush(timeout: .seconds(30)))
            #expect(read(reader, count: line.count) == line)
            // A writer woken by the first line may have begun gathering before the flush woke it.
            try #require(awaitPhase(.sleeping, of: writer))
            pass(writer, batch)
            #expect(read(reader, count: line.count) == line)
        }
    }

    /// After a write the writer gathers: batches below the wake-up size leave it gathering and
    /// wait for the rest of the interval (or a flush), so a thousand loop passes' lines go out
    /// in one write, not a thousand, and whole.
    @Test func aBusyWriterGathersBatchesIntoOneWrite() throws {
        try withWriter { writer, batches, reader in
            let batch = batches[0]
            pass(writer, batch)
            #expect(read(reader, count: line.count) == line)
            try #require(awaitPhase(.gathering, of: writer))
            let writes = writer.status.writes
            var stillGathering = 0
            for _ in 0..<1000 {
                pass(writer, batch)
                if writer.status.phase == .gathering { stillGathering += 1 }
            }
            #expect(stillGathering == 1000)
            #expect(writer.status.pendingBytes == 1000 * line.count)
            #expect(writer.flush(timeout: .seconds(30)))
            #expect(writer.status.writes == writes + 1)
            #expect(read(reader, count: 1000 * line.count) == Array([[UInt8]](repeating: line, count: 1000).joined()))
        }
    }

    /// Two loops end passes on their own threads while the writer goes to sleep and wakes over
    /// and over: every line arrives without a flush, so no pass's wake-up was lost between the
    /// writer's last look at the batches and its sleep.
    @Test func noLineWaitsForAFlushWhenLoopsAndTheWriterRace() throws {
        try withWriter(loops: 2, gatherInterval: 0.0001) { writer, batches, reader in
            let passes = 3000
            DispatchQueue.concurrentPerform(iterations: 2) { loop in
                for index in 0..<passes {
                    pass(writer, batches[loop])
                    if index % 7 == 0 { sched_yield() }
                }
            }
            #expect(read(reader, count: 2 * passes * line.count).count == 2 * passes * line.count)
        }
    }

    /// A pass ends at every moment of the writer's way to sleep (after a spin of random
    /// length): each pass's line arrives without a flush, so no wake-up is lost between the
    /// writer's last look at the batches and its sleep.
    @Test func aPassEndingAsTheWriterFallsAsleepStillWakesIt() throws {
        try withWriter(gatherInterval: 0.000_01) { writer, batches, reader in
            var random = SeededGenerator(seed: 0x51EE)
            var spun = 0
            for _ in 0..<GeneratedCases.count(default: 2_000) {
                for step in 0..<Int.random(in: 0...20_000, using: &random) { spun &+= step }
                pass(writer, batches[0])
                try #require(read(reader, count: line.count, seconds: 10) == line)
            }
            #expect(spun != 1)  // the spins are not optimized away
        }
    }
}
