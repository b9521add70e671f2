import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// The output queue of one connection (after swift-nio's `PendingWritesManager`): chunks of
/// bytes in order, each optionally marked (the last chunk of a response carries its
/// completion), written with one `writev` of up to `maxVectors` chunks without copying them.
///
/// A chunk queued as `recyclable` (a response head, which nothing else holds) is kept once
/// written, emptied, as a spare buffer `takeBuffer` hands out for a later head: up to
/// `maxSpares` of them, so a connection answering one request at a time, or a pipelined batch
/// of up to that many, allocates no head.
///
/// High and low watermarks give the reader hysteresis: `isBacklogged` turns true above
/// `highWatermark` bytes queued and false again only below `lowWatermark`, so reading pauses
/// while a slow client lets output pile up and doesn't flap at the boundary.
struct PendingWrites<Mark> {
    /// Most chunks per `writev`.
    static var maxVectors: Int { 64 }

    /// Bytes queued above which reading should pause (32 bits: a queue per connection, kept small).
    let highWatermark: Int32
    /// Bytes queued below which reading may resume.
    let lowWatermark: Int32
    private var chunks: [(bytes: [UInt8], recyclable: Bool)] = []
    /// Written recyclable chunks, emptied, their storage kept.
    private var spares: [[UInt8]] = []
    /// The most spare buffers kept (a pipelined batch's heads; `Connection.maxOwed`).
    static var maxSpares: Int { 16 }
    /// The marks in order, each with the index in `chunks` of the chunk that completes it (kept
    /// apart from the chunks: a mark is large, and most chunks have none).
    private var marks: [(chunk: Int, mark: Mark)] = []
    private var head = 0
    private var markHead = 0
    /// Bytes of `chunks[head]` already written.
    private var offset = 0
    private var queuedBytes = 0
    private var backlogged = false

    /// An empty queue with the given watermarks (`low` ≤ `high`).
    init(highWatermark: Int, lowWatermark: Int) {
        precondition(lowWatermark <= highWatermark)
        self.highWatermark = Int32(clamping: highWatermark)
        self.lowWatermark = Int32(clamping: lowWatermark)
    }

    /// Whether nothing waits to be written.
    var isEmpty: Bool { head == chunks.count }

    /// Whether output piled up past the high watermark (and not yet below the low one).
    var isBacklogged: Bool { backlogged }

    /// Queues `bytes` after everything queued; `mark` comes back once they are all written.
    /// `recyclable`: no one else holds `bytes`, so their storage may serve again (`takeBuffer`).
    mutating func append(_ bytes: [UInt8], mark: Mark? = nil, recyclable: Bool = false) {
        chunks.append((bytes, recyclable))
        if let mark { marks.append((chunks.count - 1, mark)) }
        queuedBytes += bytes.count
        if queuedBytes > Int(highWatermark) { backlogged = true }
    }

    /// One `write` (a `writev` of the queued chunks); appends the marks of the chunks it
    /// finished to `completed`, in order (the caller's buffer, reused: no allocation a write).
    /// False when the descriptor would block.
    mutating func writeOnce(
        _ write: (UnsafeBufferPointer<iovec>) throws(SystemError) -> IOResult<Int>, completed: inout [Mark]
    ) throws(SystemError) -> Bool {
        let end = min(chunks.count, head + Self.maxVectors)
        let result = try withUnsafeTemporaryAllocation(of: iovec.self, capacity: end - head) { vectors in
            Result { () throws(SystemError) in try gather(head, end: end, into: vectors, write) }
        }.get()
        guard case .processed(let written) = result else { return false }
        advance(by: written, completed: &completed)
        return true
    }

    /// An empty buffer for the next recyclable chunk: a spare one when there is one (its
    /// storage kept), else a new one.
    mutating func takeBuffer() -> [UInt8] {
        spares.popLast() ?? []
    }

    /// Chunks and marks the queue has room for without allocating, and the spare buffers' bytes.
    var capacity: Int { chunks.capacity + marks.capacity + spares.reduce(spares.capacity) { $0 + $1.capacity } }

    /// Empties the queue; the marks of what was never completely written.
    mutating func removeAll() -> [Mark] {
        defer { self = PendingWrites(highWatermark: Int(highWatermark), lowWatermark: Int(lowWatermark)) }
        return marks[markHead...].map(\.mark)
    }

    /// Points the iovecs at the chunks, nesting `withUnsafeBytes` so none is copied.
    private func gather(
        _ index: Int, end: Int, into vectors: UnsafeMutableBufferPointer<iovec>,
        _ write: (UnsafeBufferPointer<iovec>) throws(SystemError) -> IOResult<Int>
    ) throws(SystemError) -> IOResult<Int> {
        guard index < end else { return try write(UnsafeBufferPointer(vectors)) }
        let skip = index == head ? offset : 0
        return try chunks[index].bytes.withUnsafeBytes { bytes in
            let base = bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0 + skip) }
            vectors[index - head] = iovec(iov_base: base, iov_len: bytes.count - skip)
            return Result { () throws(SystemError) in try gather(index + 1, end: end, into: vectors, write) }
        }.get()
    }

    /// Drops `written` bytes from the front; appends the marks of the chunks that completed.
    private mutating func advance(by written: Int, completed: inout [Mark]) {
        var remaining = written
        queuedBytes -= written
        while head < chunks.count {
            let left = chunks[head].bytes.count - offset
            guard remaining >= left else {
                offset += remaining
                break
            }
            remaining -= left
            if markHead < marks.count, marks[markHead].chunk == head {
                completed.append(marks[markHead].mark)
                markHead += 1
            }
            recycle(head)
            head += 1
            offset = 0
        }
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            marks.removeAll(keepingCapacity: true)
            head = 0
            markHead = 0
        }
        if queuedBytes < Int(lowWatermark) { backlogged = false }
    }

    /// Empties written chunk `index`; a recyclable one becomes a spare buffer, unless
    /// `maxSpares` are kept already.
    private mutating func recycle(_ index: Int) {
        var bytes = chunks[index].bytes
        let recyclable = chunks[index].recyclable
        chunks[index] = ([], false)
        guard recyclable, bytes.capacity > 0, spares.count < Self.maxSpares else { return }
        bytes.removeAll(keepingCapacity: true)
        spares.append(bytes)
    }
}
