import Foundation
import Synchronization

/// The access-log lines one event loop produced that the writer has not taken yet, as bytes,
/// and the last second's formatted timestamp (one `gmtime` a second). Lines are written
/// straight into the batch's buffer; the writer takes the buffer whole, leaving an empty one in
/// its place (`take`), so no line is copied on the loop's thread. Only its loop and the writer
/// lock a batch, the writer briefly and about a hundred times a second at most.
final class AccessLogBatch: Sendable {
    private struct State: ~Copyable {
        var line: LogLine
        var lines = 0
        var dropped = 0
        var second = Int.min
        var secondText: [UInt8] = []
    }

    private let state: Mutex<State>
    /// The bytes a batch's buffer starts with (and the writer's, once swapped in): what a
    /// busy loop logs in one gathering (10 ms at 150k requests a second is ~450 KB), so the
    /// buffer doesn't grow under load. Memory is touched only as far as lines are written.
    static let initialCapacity = 1 << 20
    /// The lines' syntax.
    let format: LogFormat
    /// The most bytes the batch holds: a line that would take it past is dropped (and counted),
    /// so a stdout that doesn't keep up costs lines, never memory without end.
    let limit: Int

    /// A batch of lines in `format`, holding at most `limit` bytes.
    init(format: LogFormat, limit: Int) {
        state = Mutex(State(line: LogLine(capacity: min(limit, Self.initialCapacity), format: format)))
        self.format = format
        self.limit = limit
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
            let before = state.line.count
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
            if state.line.count > limit {
                state.line.truncate(to: before)
                state.dropped += 1
            } else {
                state.lines += 1
            }
        }
    }

    /// The bytes of the lines waiting.
    var pendingBytes: Int { state.withLock { $0.line.count } }

    /// Lines dropped because the batch was full.
    var droppedLines: Int { state.withLock { $0.dropped } }

    /// Takes the lines waiting by swapping the batch's buffer with `spare` (empty); how many
    /// lines `spare` then holds.
    func take(swappingWith spare: inout LogLine) -> Int {
        state.withLock { state in
            guard state.lines > 0 else { return 0 }
            swap(&state.line, &spare)
            defer { state.lines = 0 }
            return state.lines
        }
    }
}
