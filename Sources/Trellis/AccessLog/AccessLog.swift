import Foundation
import SystemCalls
import Synchronization

/// One line per request, on a file descriptor (stdout by default), kept off the hot
/// path (SPEC §4.3): each event loop appends its lines to its own batch, one writer thread
/// takes the batches' buffers (woken at the end of a loop's pass, `didFinishPass`, when it
/// sleeps) and does the blocking `write`s, many lines per call, in order. A slow or blocked
/// descriptor never stalls a loop: past `bufferCapacity` bytes waiting (shared out among the
/// loops), lines are dropped and counted (`trellis_access_log_dropped_lines_total`). `flush`
/// writes everything before exit.
///
/// In `text`, logfmt: `time=2026-11-21T21:51:00.123Z id=r1 method=GET path=/home status=200
/// bytes=3764 duration_ms=0.213` then the caller's extra fields (`page=home
/// variants="home-hero=A" release=stable`). Values with spaces, quotes, `=` or control
/// characters are quoted, with `"` and `\` escaped. In `json`, one object a line with the same
/// fields as members after `"ts"`, `"level":"info"` and `"msg":"access"` (SPEC §13). The log
/// is written whatever `--log-level` says. Lines are built as bytes (this runs once per
/// request); the timestamp's date and time of day are formatted once a second.
package final class AccessLog: Sendable {
    /// The default most bytes waiting for the descriptor (4 MiB).
    package static let defaultBufferCapacity = 4 << 20

    /// One batch per loop slot: a loop only ever locks its own (loops beyond the slot count
    /// share, by index modulo the count).
    private let batches: [AccessLogBatch]
    /// The lines' syntax.
    let format: LogFormat
    private let writer: AccessLogWriter

    /// A log of `format` lines writing to `fileDescriptor`, which the log does not own or
    /// close, with `loops` batch slots (one per event loop) and at most `bufferCapacity` bytes
    /// waiting.
    package init(
        fileDescriptor: Int32 = STDOUT_FILENO, loops: Int = UsableCPUs.count(),
        bufferCapacity: Int = AccessLog.defaultBufferCapacity, format: LogFormat = .text
    ) {
        let slots = max(1, loops)
        batches = (0..<slots).map { _ in AccessLogBatch(format: format, limit: max(1, bufferCapacity / slots)) }
        self.format = format
        writer = AccessLogWriter(fileDescriptor: fileDescriptor, batches: batches)
    }

    deinit {
        writer.stop()
    }

    /// Lines dropped so far (buffer full, or the descriptor failed).
    package var droppedLines: Int { writer.droppedLines }

    /// Registers `trellis_access_log_dropped_lines_total` on `registry`.
    package func register(on registry: MetricsRegistry) {
        registry.counter(
            "trellis_access_log_dropped_lines_total",
            help: "Access-log lines dropped because stdout did not keep up (or failed)."
        ) { [writer] in Double(writer.droppedLines) }
    }

    /// Buffers the line for one request on event loop `loop`'s batch; `extra`, fields already
    /// in the log's format, is appended as is after a separator. The line goes out at the end
    /// of that loop's pass (`didFinishPass`).
    package func log(id: String, method: String, path: String, status: Int, bytes: Int,
                     duration: Duration, extra: String = "", loop: Int = 0, at time: Date = Date()) {
        log(id: id, method: method, path: path, status: status, bytes: bytes, nanoseconds: Self.nanoseconds(duration), loop: loop,
            at: time) {
            guard !extra.isEmpty else { return }
            $0.fields(extra)
        }
    }

    /// `duration` in whole nanoseconds (what `HTTPExchange.nanoseconds` holds).
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// Buffers the line for one request, with `extra` writing its last fields (`LogLine.field`)
    /// straight into the loop's batch.
    func log(id: String, method: String, path: String, status: Int, bytes: Int, nanoseconds: Int64,
             loop: Int = 0, at time: Date = Date(), extra: (inout LogLine) -> Void) {
        batches[loop % batches.count].append(at: time) { line in
            Self.appendFields(to: &line, id: id, method: method, path: path, status: status, bytes: bytes,
                              nanoseconds: nanoseconds)
            extra(&line)
        }
    }

    /// Event loop `loop` finished a pass: the writer is woken if it sleeps and its batch
    /// holds lines.
    package func didFinishPass(loop: Int) {
        writer.passEnded(bytes: batches[loop % batches.count].pendingBytes)
    }

    /// Waits until every loop's lines are written, or `timeout` passes (a stdout nobody
    /// reads): call before exiting. Returns whether everything was written.
    @discardableResult
    package func flush(timeout: Duration = .seconds(2)) -> Bool {
        writer.flush(timeout: timeout)
    }

    /// The line `log` writes, newline included.
    static func line(id: String, method: String, path: String, status: Int, bytes: Int,
                     duration: Duration, extra: String, at time: Date) -> String {
        var line = LogLine(capacity: 256)
        line.field("time", timestamp(time))
        appendFields(to: &line, id: id, method: method, path: path, status: status, bytes: bytes, nanoseconds: nanoseconds(duration))
        if !extra.isEmpty { line.fields(extra) }
        line.end()
        return line.text
    }

    /// The common fields after the time, up to `duration_ms`.
    private static func appendFields(to line: inout LogLine, id: String, method: String, path: String, status: Int,
                                     bytes: Int, nanoseconds: Int64) {
        line.field("id", id)
        appendRequestFields(to: &line, method: method, path: path, status: status, bytes: bytes)
        line.key("duration_ms")
        line.milliseconds(nanoseconds: nanoseconds)
    }

    /// The common fields between `id` and `duration_ms`.
    static func appendRequestFields(to line: inout LogLine, method: String, path: String, status: Int, bytes: Int) {
        line.field("method", method)
        line.field("path", path)
        line.number("status", status)
        line.number("bytes", bytes)
    }

    /// Buffers the line for one request whose fields between `id` and `duration_ms` are the
    /// segment `request` (`appendRequestFields`, written before), with `extra` writing its last fields.
    func log(id: String, request: LogSegment, nanoseconds: Int64, loop: Int, at time: Date = Date(), extra: (inout LogLine) -> Void) {
        batches[loop % batches.count].append(at: time) { line in
            line.field("id", id)
            line.append(segment: request)
            line.key("duration_ms")
            line.milliseconds(nanoseconds: nanoseconds)
            extra(&line)
        }
    }

    /// A logfmt value: as is, or quoted with `"`, `\` and control characters escaped.
    static func value(_ text: String) -> String {
        var line = LogLine(capacity: text.utf8.count + 2)
        line.value(text)
        return line.text
    }

    /// RFC 3339 UTC to the nearest millisecond: `2026-11-21T21:51:00.123Z`.
    static func timestamp(_ date: Date) -> String {
        let totalMillis = Int((date.timeIntervalSince1970 * 1000).rounded())
        var line = LogLine(capacity: 24)
        line.append(secondText(totalMillis / 1000))
        line.decimal(totalMillis % 1000, width: 3)
        line.literal("Z")
        return line.text
    }

    /// Milliseconds with three decimals (microsecond resolution): `0.213`, `1500.000`.
    static func milliseconds(_ duration: Duration) -> String {
        var line = LogLine(capacity: 16)
        line.milliseconds(duration)
        return line.text
    }

    /// `2026-11-21T21:51:00.` for a Unix second.
    static func secondText(_ second: Int) -> [UInt8] {
        var seconds = time_t(second)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var line = LogLine(capacity: 20)
        line.decimal(Int(parts.tm_year) + 1900, width: 4)
        for (separator, number) in [("-", parts.tm_mon + 1), ("-", parts.tm_mday), ("T", parts.tm_hour),
                                    (":", parts.tm_min), (":", parts.tm_sec)] {
            line.append(separator)
            line.decimal(Int(number), width: 2)
        }
        line.append(".")
        return line.bytes
    }
}
