import Foundation
import Synchronization

/// The access-log lines one event loop produced during its current pass, as bytes, and the
/// last second's formatted timestamp (one `gmtime` a second). Each loop locks only its own
/// batch, so the lock is uncontended but for the final `flush`. Lines are written straight into
/// the batch's buffer; a taken batch leaves a new buffer as large as the last one, so a busy
/// loop allocates once a pass, not once a line.
final class AccessLogBatch: Sendable {
    private struct State {
        var line = LogLine(capacity: 0)
        var lines = 0
        var second = Int.min
        var secondText: [UInt8] = []
    }

    private let state = Mutex(State())

    /// Appends one line stamped `time`; `fields` writes everything after the timestamp.
    func append(at time: Date, _ fields: (inout LogLine) -> Void) {
        let millis = Int((time.timeIntervalSince1970 * 1000).rounded())
        state.withLock { state in
            if millis / 1000 != state.second {
                state.second = millis / 1000
                state.secondText = AccessLog.secondText(state.second)
            }
            state.line.append("time=")
            state.line.append(state.secondText)
            state.line.decimal(millis % 1000, width: 3)
            state.line.append("Z")
            fields(&state.line)
            state.lines += 1
        }
    }

    /// The lines so far and their count; the batch starts over.
    func take() -> (bytes: [UInt8], lines: Int) {
        state.withLock { state in
            defer {
                state.line = LogLine(capacity: state.line.bytes.count)
                state.lines = 0
            }
            return (state.line.bytes, state.lines)
        }
    }
}
