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

    @Test func marksOfUnwrittenChunksComeBackAndCapacityIsKept() throws {
        var queue = PendingWrites<String>(highWatermark: 100, lowWatermark: 10)
        for (text, mark) in [("head", nil), ("body", "one"), ("x", "two")] { queue.append(Array(text.utf8), mark: mark) }
        let socket = FakeSocket()
        socket.limit = 6  // "head" and half of "body"
        #expect(try queue.writeCollecting(socket) == [])
        socket.limit = 100
        #expect(try queue.writeCollecting(socket) == ["one", "two"])
        #expect(queue.capacity > 0 && queue.isEmpty, "kept for the next response")
        queue.append(Array("a".utf8))
        queue.append(Array("b".utf8), mark: "three")
        #expect(queue.removeAll() == ["three"])
    }

    @Test func aWrittenRecyclableChunkBecomesTheNextBuffer() throws {
        var queue = PendingWrites<String>(highWatermark: 1000, lowWatermark: 10)
        let head = [UInt8](repeating: 72, count: 200)
        queue.append(head, recyclable: true)
        queue.append(Array("shared body".utf8), mark: "done")
        #expect(queue.takeBuffer().capacity == 0, "nothing written yet: no spare")
        let socket = FakeSocket()
        #expect(try queue.writeCollecting(socket) == ["done"])
        let spare = queue.takeBuffer()
        #expect(spare.isEmpty && spare.capacity >= 200)
        #expect(queue.takeBuffer().capacity == 0, "handed out once")
        queue.append(Array("not recyclable".utf8))
        _ = try queue.writeCollecting(socket)
        #expect(queue.takeBuffer().capacity == 0)
    }

    /// A pipelined batch queues several heads before any is written: each comes back as a
    /// spare, up to `maxSpares`, so the next batch allocates none.
    @Test func aPipelinedBatchsHeadsAllComeBackUpToTheLimit() throws {
        var queue = PendingWrites<String>(highWatermark: 1 << 20, lowWatermark: 10)
        let batch = PendingWrites<String>.maxSpares + 4
        for index in 0..<batch { queue.append([UInt8](repeating: 72, count: 100), mark: "\(index)", recyclable: true) }
        #expect(try queue.writeCollecting(FakeSocket())?.count == batch)
        var kept = 0
        while queue.takeBuffer().capacity >= 100 { kept += 1 }
        #expect(kept == PendingWrites<String>.maxSpares)
    }
}

private extension PendingWrites {
    /// The marks one `writeOnce` to `socket` completed, nil when it would block.
    mutating func writeCollecting(_ socket: PendingWritesTests.FakeSocket) throws -> [Mark]? {
        var completed: [Mark] = []
        let wrote = try writeOnce({ vectors throws(SystemError) in socket.write(vectors) }, completed: &completed)
        return wrote ? completed : nil
    }
}
