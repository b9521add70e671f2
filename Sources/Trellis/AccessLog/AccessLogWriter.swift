import Foundation
import Synchronization
import SystemCalls

/// The one thread that writes access-log batches to their descriptor, behind a bounded
/// buffer: event loops hand their lines over without ever waiting for the descriptor, so a
/// slow or blocked stdout can't stall request handling. When the buffer would overflow, the
/// batch is dropped and its lines counted in `droppedLines`; a line is never split.
///
/// Under load the writer gathers: after a write it lets lines collect for `gatherInterval`
/// (or until `wakeBytes` are waiting) before the next, so a busy server wakes it about a
/// hundred times a second rather than once per loop pass. Each of those wake-ups would
/// preempt a loop sharing its core. An idle writer sleeps until a line comes and writes it
/// at once.
final class AccessLogWriter: @unchecked Sendable {
    /// The longest lines wait for more to join them while the server is busy, in seconds.
    let gatherInterval: Double
    /// The descriptor written to (not owned, not closed).
    let fileDescriptor: Int32
    /// The most bytes waiting for the descriptor.
    let capacity: Int
    /// Bytes waiting that wake a gathering writer at once (a quarter of `capacity`, so a
    /// burst is written long before it would be dropped).
    let wakeBytes: Int
    /// What the writer thread is doing.
    enum Phase {
        /// Nothing queued: waiting for a line, which wakes it.
        case sleeping
        /// Writing a queue to the descriptor.
        case writing
        /// Letting lines collect after a write, until `gatherInterval` passes, `wakeBytes` are
        /// queued, or a `flush` or `stop` comes.
        case gathering
        /// Between those (holding the lock).
        case busy
    }

    private let condition = NSCondition()
    // Guarded by `condition`:
    private var queued: [UInt8] = []
    private var phase = Phase.busy
    private var stopped = false
    /// Callers of `flush` waiting: the writer doesn't gather.
    private var flushing = 0
    private var writes = 0
    private let dropped = Atomic<Int>(0)

    /// A writer to `fileDescriptor` with a `capacity`-byte buffer that gathers for
    /// `gatherInterval` seconds under load (10 ms); its thread starts now and ends after `stop`.
    init(fileDescriptor: Int32, capacity: Int, gatherInterval: Double = 0.01) {
        self.fileDescriptor = fileDescriptor
        self.capacity = capacity
        self.gatherInterval = gatherInterval
        wakeBytes = max(1, capacity / 4)
        let thread = Thread { [self] in run() }
        thread.name = "access-log"
        thread.start()
    }

    /// Lines dropped because the buffer was full or the descriptor failed (a closed pipe).
    var droppedLines: Int { dropped.load(ordering: .relaxed) }

    /// The writer's phase, the bytes queued and the `write`s begun so far (each one whole
    /// queue), read together.
    var status: (phase: Phase, queuedBytes: Int, writes: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (phase, queued.count, writes)
    }

    /// Queues `batch` (whole lines) behind what is queued, or drops and counts it when it
    /// does not fit. Never waits for the descriptor.
    func submit(_ batch: UnsafeBufferPointer<UInt8>, lines: Int) {
        guard !batch.isEmpty else { return }
        condition.lock()
        let fits = queued.count + batch.count <= capacity
        if fits {
            queued.append(contentsOf: batch)
            // `broadcast`: a `flush` caller may be waiting on the same condition.
            if phase == .sleeping || queued.count >= wakeBytes { condition.broadcast() }
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
        flushing += 1
        condition.broadcast()
        defer {
            flushing -= 1
            condition.unlock()
        }
        while !queued.isEmpty || phase == .writing {
            if !condition.wait(until: deadline) { return queued.isEmpty && phase != .writing }
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
        // they swap; each keeps its storage (up to twice `wakeBytes`, more than a gathered write
        // holds), so steady logging allocates nothing.
        var chunk: [UInt8] = []
        condition.lock()
        while true {
            while queued.isEmpty && !stopped {
                phase = .sleeping
                condition.wait()
                phase = .busy
            }
            if queued.isEmpty { break }
            swap(&chunk, &queued)
            phase = .writing
            writes += 1
            condition.unlock()
            write(chunk)
            chunk.removeAll(keepingCapacity: chunk.capacity <= 2 * wakeBytes)
            condition.lock()
            phase = .busy
            condition.broadcast()
            if queued.count < wakeBytes && !stopped && flushing == 0 {
                phase = .gathering
                _ = condition.wait(until: Date(timeIntervalSinceNow: gatherInterval))
                phase = .busy
            }
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
