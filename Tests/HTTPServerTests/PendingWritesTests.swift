import SystemCalls
import Testing
@testable import HTTPServer

#if canImport(Glibc)
import Glibc
#endif

@Suite("PendingWrites: writev batching, marks and watermarks")
struct PendingWritesTests {
    /// A fake socket that takes at most `limit` bytes per call and records the vector counts.
    final class FakeSocket {
        var taken: [UInt8] = []
        var vectorCounts: [Int] = []
        var limit = Int.max

        func write(_ vectors: UnsafeBufferPointer<iovec>) -> IOResult<Int> {
            vectorCounts.append(vectors.count)
            guard limit > 0 else { return .wouldBlock }
            var total = 0
            for vector in vectors where total < limit {
                let count = min(vector.iov_len, limit - total)
                taken += UnsafeRawBufferPointer(start: vector.iov_base, count: count)
                total += count
            }
            return .processed(total)
        }
    }

    @Test func oneWritevCarriesManyChunksAndPartialWritesResumeMidChunk() throws {
        var queue = PendingWrites<String>(highWatermark: 100, lowWatermark: 10)
        queue.append(Array("ab".utf8))
        queue.append(Array("cd".utf8), mark: "first")
        queue.append(Array("efg".utf8), mark: "second")
        let socket = FakeSocket()
        socket.limit = 3
        do {
            let completed = try queue.writeCollecting(socket)
            #expect(completed == [])
        }
        socket.limit = 10
        do {
            let completed = try queue.writeCollecting(socket)
            #expect(completed == ["first", "second"])
        }
        #expect(String(decoding: socket.taken, as: UTF8.self) == "abcdefg")
        #expect(socket.vectorCounts == [3, 2])
        #expect(queue.isEmpty)
        socket.limit = 0
        queue.append([1])
        do {
            let completed = try queue.writeCollecting(socket)
            #expect(completed == nil)
        }
    }

    @Test func backloggedAboveTheHighWatermarkUntilBelowTheLowOne() throws {
        var queue = PendingWrites<Int>(highWatermark: 10, lowWatermark: 4)
        queue.append([UInt8](repeating: 0, count: 8))
        #expect(!queue.isBacklogged)
        queue.append([UInt8](repeating: 0, count: 8))
        #expect(queue.isBacklogged)
        let socket = FakeSocket()
        socket.limit = 8
        _ = try queue.writeCollecting(socket)
        #expect(queue.isBacklogged, "8 bytes left: above the low watermark")
        socket.limit = 5
        _ = try queue.writeCollecting(socket)
        #expect(!queue.isBacklogged)
        #expect(queue.removeAll().isEmpty)
    }

    @Test func removeAllReturnsTheMarksNeverCompletelyWritten() throws {
        var queue = PendingWrites<String>(highWatermark: 100, lowWatermark: 10)
        queue.append(Array("ab".utf8), mark: "written")
        queue.append(Array("cd".utf8), mark: "half")
        queue.append(Array("ef".utf8), mark: "never")
        let socket = FakeSocket()
        socket.limit = 3
        #expect(try queue.writeCollecting(socket) == ["written"])
        #expect(queue.removeAll() == ["half", "never"])
        #expect(queue.isEmpty)
    }
}

private extension PendingWrites {
    /// The marks one `writeOnce` to `socket` completed, nil when it would block.
    mutating func writeCollecting(_ socket: PendingWritesTests.FakeSocket) throws -> [Mark]? {
        var completed: [Mark] = []
        let wrote = try writeOnce({ vectors throws(SystemError) in socket.write(vectors) }, completed: { completed.append($0) })
        return wrote ? completed : nil
    }
}
