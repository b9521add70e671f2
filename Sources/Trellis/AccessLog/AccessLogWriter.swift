import Foundation
import Synchronization
import SystemCalls

/// The one thread that writes the loops' access-log lines to their descriptor: event loops
/// write lines into their batches (`AccessLogBatch`) without ever waiting for the descriptor,
/// so a slow or blocked stdout can't stall request handling, and the writer takes each batch's
/// buffer whole, leaving an empty one, and writes it. A line is never split; a batch that is
/// full drops lines and counts them (`droppedLines`).
///
/// Under load the writer gathers: after a write it lets lines collect for `gatherInterval`
/// (or until a batch holds `wakeBytes`) before the next, so a busy server wakes it about a
/// hundred times a second rather than once per loop pass. Each of those wake-ups would
/// preempt a loop sharing its core. An idle writer sleeps until a loop ends a pass with lines
/// (`passEnded`) and writes them at once.
final class AccessLogWriter: @unchecked Sendable {
    /// The longest lines wait for more to join them while the server is busy, in seconds.
    let gatherInterval: Double
    /// The descriptor written to (not owned, not closed).
    let fileDescriptor: Int32
    /// The loops' batches, read in turn.
    let batches: [AccessLogBatch]
    /// Bytes in a batch that wake a gathering writer at once (a quarter of its limit, so a
    /// burst is written long before it would be dropped).
    let wakeBytes: Int

    /// What the writer thread is doing.
    enum Phase {
        /// Nothing waiting in any batch: waiting for a loop to end a pass with lines.
        case sleeping
        /// Writing batches to the descriptor.
        case writing
        /// Letting lines collect after a write, until `gatherInterval` passes, a batch holds
        /// `wakeBytes`, or a `flush` or `stop` comes.
        case gathering
        /// Between those (holding the lock).
        case busy
    }

    private let condition = NSCondition()
    // Guarded by `condition`:
    private var phase = Phase.busy
    private var stopped = false
    /// Callers of `flush` waiting: the writer doesn't gather.
    private var flushing = 0
    private var writes = 0
    /// Whether the writer may be about to sleep or sleeping: set under `condition` before it
    /// looks at the batches a last time, so a loop that appended after that look sees it.
    private let mayBeSleeping = Atomic<Bool>(false)
    private let dropped = Atomic<Int>(0)

    /// A writer of `batches` to `fileDescriptor` that gathers for `gatherInterval` seconds
    /// under load (10 ms); its thread starts now and ends after `stop`.
    init(fileDescriptor: Int32, batches: [AccessLogBatch], gatherInterval: Double = 0.01) {
        self.fileDescriptor = fileDescriptor
        self.batches = batches
        self.gatherInterval = gatherInterval
        wakeBytes = max(1, (batches.map(\.limit).min() ?? 4) / 4)
        let thread = Thread { [self] in run() }
        thread.name = "access-log"
        thread.start()
    }

    /// Lines dropped because a batch was full or the descriptor failed (a closed pipe).
    var droppedLines: Int { dropped.load(ordering: .relaxed) + batches.reduce(0) { $0 + $1.droppedLines } }

    /// The writer's phase, the bytes waiting in the batches and the `write`s begun so far,
    /// read together.
    var status: (phase: Phase, pendingBytes: Int, writes: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (phase, pendingBytes(), writes)
    }

    /// A loop ended a pass with `bytes` waiting in its batch: wakes the writer if it sleeps or
    /// the batch holds `wakeBytes` (then a gathering ends early). Costs an atomic load otherwise.
    func passEnded(bytes: Int) {
        guard bytes > 0, mayBeSleeping.load(ordering: .sequentiallyConsistent) || bytes >= wakeBytes else { return }
        condition.lock()
        // `broadcast`: a `flush` caller may be waiting on the same condition.
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every line in the batches is written (or dropped), or `timeout` passes (a
    /// descriptor nobody reads must not keep the process from exiting); whether it was.
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
        while pendingBytes() > 0 || phase == .writing {
            if !condition.wait(until: deadline) { return pendingBytes() == 0 && phase != .writing }
        }
        return true
    }

    /// Ends the thread once the batches are written.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// The bytes waiting in every batch.
    private func pendingBytes() -> Int {
        batches.reduce(0) { $0 + $1.pendingBytes }
    }

    private func run() {
        // A closed pipe is EPIPE for this thread, never SIGPIPE for the process.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        // The buffer a batch's lines are written from, then given to the next batch empty: as
        // large as a batch's from the start, and it keeps its storage (up to what a gathering
        // holds), so steady logging allocates nothing.
        let room = batches.map { min($0.limit, AccessLogBatch.initialCapacity) }.max() ?? 0
        var spare = LogLine(capacity: room, format: batches.first?.format ?? .text)
        condition.lock()
        while true {
            while !stopped {
                // Announce the sleep before the last look, so a loop that adds lines after
                // the look sees the announcement and wakes this thread.
                mayBeSleeping.store(true, ordering: .sequentiallyConsistent)
                guard pendingBytes() == 0 else { break }
                phase = .sleeping
                condition.wait()
                phase = .busy
            }
            mayBeSleeping.store(false, ordering: .sequentiallyConsistent)
            if stopped && pendingBytes() == 0 { break }
            phase = .writing
            writes += 1
            condition.unlock()
            for batch in batches {
                let lines = batch.take(swappingWith: &spare)
                guard lines > 0 else { continue }
                write(spare)
                spare.reset(keeping: 4 * wakeBytes)
            }
            condition.lock()
            phase = .busy
            condition.broadcast()
            // Gather until the interval ends, unless a reason comes first (a wake-up alone is none).
            let gatheredUntil = Date(timeIntervalSinceNow: gatherInterval)
            phase = .gathering
            while !stopped && flushing == 0 && batches.allSatisfy({ $0.pendingBytes < wakeBytes }) {
                if !condition.wait(until: gatheredUntil) { break }
            }
            phase = .busy
        }
        condition.unlock()
    }

    /// Writes `lines` whole; on failure counts the lines not written as dropped.
    private func write(_ lines: borrowing LogLine) {
        let (written, total) = lines.withBytes { bytes in
            (DescriptorOutput.write(UnsafeRawBufferPointer(bytes), to: fileDescriptor), bytes.count)
        }
        guard written < total else { return }
        let lost = lines.withBytes { $0[written...].count { $0 == UInt8(ascii: "\n") } }
        dropped.add(lost, ordering: .relaxed)
    }
}
