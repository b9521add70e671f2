import Foundation
import Synchronization
import SystemCalls

/// The one thread that writes access-log batches to their descriptor, behind a bounded
/// buffer: event loops hand their lines over without ever waiting for the descriptor, so a
/// slow or blocked stdout can't stall request handling. When the buffer would overflow, the
/// batch is dropped and its lines counted in `droppedLines`; a line is never split.
final class AccessLogWriter: @unchecked Sendable {
    /// The descriptor written to (not owned, not closed).
    let fileDescriptor: Int32
    /// The most bytes waiting for the descriptor.
    let capacity: Int
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var queued: [UInt8] = []
    private var writing = false
    private var stopped = false
    private let dropped = Atomic<Int>(0)

    /// A writer to `fileDescriptor` with a `capacity`-byte buffer; its thread starts now and
    /// ends after `stop`.
    init(fileDescriptor: Int32, capacity: Int) {
        self.fileDescriptor = fileDescriptor
        self.capacity = capacity
        let thread = Thread { [self] in run() }
        thread.name = "access-log"
        thread.start()
    }

    /// Lines dropped because the buffer was full or the descriptor failed (a closed pipe).
    var droppedLines: Int { dropped.load(ordering: .relaxed) }

    /// Queues `batch` (whole lines) behind what is queued, or drops and counts it when it
    /// does not fit. Never waits for the descriptor.
    func submit(_ batch: UnsafeBufferPointer<UInt8>, lines: Int) {
        guard !batch.isEmpty else { return }
        condition.lock()
        let fits = queued.count + batch.count <= capacity
        if fits {
            queued.append(contentsOf: batch)
            condition.signal()
        }
        condition.unlock()
        if !fits { dropped.add(lines, ordering: .relaxed) }
    }

    /// Waits until everything submitted so far is written (or dropped), or `timeout` passes
    /// (a descriptor nobody reads must not keep the process from exiting); whether it was.
    @discardableResult
    func flush(timeout: Duration) -> Bool {
        let deadline = Date(timeIntervalSinceNow: Double(timeout.components.seconds)
            + Double(timeout.components.attoseconds) / 1e18)
        condition.lock()
        defer { condition.unlock() }
        while !queued.isEmpty || writing {
            if !condition.wait(until: deadline) { return queued.isEmpty && !writing }
        }
        return true
    }

    /// Ends the thread once the queue is written.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        // A closed pipe is EPIPE for this thread, never SIGPIPE for the process.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        // Two buffers take turns: the loops append to `queued` while `chunk` is written, then
        // they swap; each keeps its storage (up to 64 KiB), so steady logging allocates nothing.
        var chunk: [UInt8] = []
        condition.lock()
        while true {
            while queued.isEmpty && !stopped { condition.wait() }
            if queued.isEmpty { break }
            swap(&chunk, &queued)
            writing = true
            condition.unlock()
            write(chunk)
            chunk.removeAll(keepingCapacity: chunk.capacity <= 1 << 16)
            condition.lock()
            writing = false
            condition.broadcast()
        }
        condition.unlock()
    }

    /// Writes all of `bytes`; on failure counts the lines of the rest as dropped.
    private func write(_ bytes: [UInt8]) {
        let written = bytes.withUnsafeBytes { DescriptorOutput.write($0, to: fileDescriptor) }
        guard written < bytes.count else { return }
        dropped.add(bytes[written...].count { $0 == UInt8(ascii: "\n") }, ordering: .relaxed)
    }
}
