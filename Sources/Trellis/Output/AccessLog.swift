import Foundation
import Synchronization

/// One logfmt line per request, written to a file descriptor (stdout by default) with one
/// `write` per line: nothing is buffered in the process, so each line is out as soon as it is
/// logged even when stdout is a pipe or a file, and a lock keeps lines from interleaving.
///
/// `time=2026-11-21T21:51:00.123Z id=r1 method=GET path=/home status=200 bytes=3764
/// duration_ms=0.213` then the caller's preformatted extra fields (`page=home
/// variants="home-hero=A" release=stable`). Values with spaces, quotes, `=` or control
/// characters are quoted, with `"` and `\` escaped. A failed write (closed pipe) drops the line.
/// Lines are built as bytes (this runs once per request); the timestamp's date and time of
/// day are formatted once a second.
package final class AccessLog: Sendable {
    /// The descriptor, and the last second's formatted timestamp (one `gmtime` a second).
    private struct State {
        let fileDescriptor: Int32
        var second = Int.min
        var secondText: [UInt8] = []
    }

    private let state: Mutex<State>

    /// A log writing to `fileDescriptor`, which the log does not own or close.
    package init(fileDescriptor: Int32 = STDOUT_FILENO) {
        self.state = Mutex(State(fileDescriptor: fileDescriptor))
    }

    /// Writes the line for one request; `extra` is appended as is, after a space.
    package func log(id: String, method: String, path: String, status: Int, bytes: Int,
                     duration: Duration, extra: String = "", at time: Date = Date()) {
        let millis = Int((time.timeIntervalSince1970 * 1000).rounded())
        state.withLock { state in
            if millis / 1000 != state.second {
                state.second = millis / 1000
                state.secondText = Self.secondText(state.second)
            }
            var line = LogLine(capacity: 192 + path.utf8.count + extra.utf8.count)
            line.append("time=")
            line.append(state.secondText)
            line.decimal(millis % 1000, width: 3)
            line.append("Z")
            Self.appendFields(to: &line, id: id, method: method, path: path, status: status, bytes: bytes,
                              duration: duration, extra: extra)
            let fd = state.fileDescriptor
            line.bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written > 0 {
                        offset += written
                    } else if !(written < 0 && errno == EINTR) {
                        return
                    }
                }
            }
        }
    }

    /// The line `log` writes, newline included.
    static func line(id: String, method: String, path: String, status: Int, bytes: Int,
                     duration: Duration, extra: String, at time: Date) -> String {
        var line = LogLine(capacity: 256)
        line.append("time=" + timestamp(time))
        appendFields(to: &line, id: id, method: method, path: path, status: status, bytes: bytes,
                     duration: duration, extra: extra)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    /// Everything after the time, newline included.
    private static func appendFields(to line: inout LogLine, id: String, method: String, path: String, status: Int,
                                     bytes: Int, duration: Duration, extra: String) {
        line.field(" id=", id)
        line.field(" method=", method)
        line.field(" path=", path)
        line.append(" status=")
        line.decimal(status)
        line.append(" bytes=")
        line.decimal(bytes)
        line.append(" duration_ms=")
        line.milliseconds(duration)
        if !extra.isEmpty {
            line.append(" ")
            line.append(extra)
        }
        line.append("\n")
    }

    /// A logfmt value: as is, or quoted with `"`, `\` and control characters escaped.
    static func value(_ text: String) -> String {
        var line = LogLine(capacity: text.utf8.count + 2)
        line.value(text)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    /// RFC 3339 UTC to the nearest millisecond: `2026-11-21T21:51:00.123Z`.
    static func timestamp(_ date: Date) -> String {
        let totalMillis = Int((date.timeIntervalSince1970 * 1000).rounded())
        var line = LogLine(capacity: 24)
        line.append(secondText(totalMillis / 1000))
        line.decimal(totalMillis % 1000, width: 3)
        line.append("Z")
        return String(decoding: line.bytes, as: UTF8.self)
    }

    /// Milliseconds with three decimals (microsecond resolution): `0.213`, `1500.000`.
    static func milliseconds(_ duration: Duration) -> String {
        var line = LogLine(capacity: 16)
        line.milliseconds(duration)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    /// `2026-11-21T21:51:00.` for a Unix second.
    private static func secondText(_ second: Int) -> [UInt8] {
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
