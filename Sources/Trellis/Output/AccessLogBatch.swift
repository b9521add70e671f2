import Foundation
import Synchronization

/// The access-log lines one event loop produced during its current pass, as bytes, and the
/// last second's formatted timestamp (one `gmtime` a second). Each loop locks only its own
/// batch, so the lock is uncontended but for the final `flush`.
final class AccessLogBatch: Sendable {
    private struct State {
        /// The lines, newline-terminated.
        var bytes: [UInt8] = []
        /// How many lines `bytes` holds.
        var lines = 0
        var second = Int.min
        var secondText: [UInt8] = []
    }

    private let state = Mutex(State())

    /// Appends one line stamped `time`; `fields` writes everything after the time, newline
    /// included.
    func append(at time: Date, _ fields: (inout LogLine) -> Void) {
        let millis = Int((time.timeIntervalSince1970 * 1000).rounded())
        state.withLock { state in
            if millis / 1000 != state.second {
                state.second = millis / 1000
                state.secondText = AccessLog.secondText(state.second)
            }
            var line = LogLine(capacity: 256)
            line.append("time=")
            line.append(state.secondText)
            line.decimal(millis % 1000, width: 3)
            line.append("Z")
            fields(&line)
            state.bytes.append(contentsOf: line.bytes)
            state.lines += 1
        }
    }

    /// Takes the lines out, leaving the batch empty (the timestamp cache stays).
    func take() -> (bytes: [UInt8], lines: Int) {
        state.withLock { state in
            defer {
                state.bytes = []
                state.lines = 0
            }
            return (state.bytes, state.lines)
        }
    }
}
