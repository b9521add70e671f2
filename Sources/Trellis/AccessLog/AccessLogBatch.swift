import Foundation
import Synchronization

/// The access-log lines one event loop produced during its current pass, as bytes, and the
/// last second's formatted timestamp (one `gmtime` a second). Each loop locks only its own
/// batch, so the lock is uncontended but for the final `flush`. Lines are written straight into
/// the batch's buffer, which the writer copies from and which then serves the next pass.
final class AccessLogBatch: Sendable {
    private struct State: ~Copyable {
        var line: LogLine
        var lines = 0
        var second = Int.min
        var secondText: [UInt8] = []
    }

    private let state: Mutex<State>

    /// A batch of lines in `format`.
    init(format: LogFormat) {
        state = Mutex(State(line: LogLine(capacity: 0, format: format)))
    }

    /// Appends one line stamped `time`; `fields` writes every field after the timestamp (and,
    /// in JSON, the `level` and `msg` every log line has).
    func append(at time: Date, _ fields: (inout LogLine) -> Void) {
        let millis = Int((time.timeIntervalSince1970 * 1000).rounded())
        state.withLock { state in
            if millis / 1000 != state.second {
                state.second = millis / 1000
                state.secondText = AccessLog.secondText(state.second)
            }
            let json = state.line.format == .json
            state.line.begin()
            state.line.key(json ? "ts" : "time")
            if json { state.line.literal("\"") }
            state.line.append(state.secondText)
            state.line.decimal(millis % 1000, width: 3)
            state.line.literal("Z")
            if json {
                state.line.literal("\"")
                state.line.field("level", "info")
                state.line.field("msg", "access")
            }
            fields(&state.line)
            state.line.end()
            state.lines += 1
        }
    }

    /// Hands the lines so far and their count to `submit` (which copies them), then starts
    /// over in the same buffer: a loop pass allocates nothing for its log lines.
    func hand(_ submit: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        state.withLock { state in
            guard state.lines > 0 else { return }
            let lines = state.lines
            state.line.withBytes { submit($0, lines) }
            state.line.reset()
            state.lines = 0
        }
    }
}
