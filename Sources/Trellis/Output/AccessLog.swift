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
package final class AccessLog: Sendable {
    /// The descriptor, and the last second's formatted timestamp (one `gmtime` a second).
    private struct State {
        let fileDescriptor: Int32
        var second = Int.min
        var secondText = ""
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
            var line = "time=" + state.secondText + Self.pad(millis % 1000, 3) + "Z"
            Self.append(to: &line, id: id, method: method, path: path, status: status, bytes: bytes,
                        duration: duration, extra: extra)
            let fd = state.fileDescriptor
            line.withUTF8 { buffer in
                var offset = 0, remaining = buffer.count
                while remaining > 0 {
                    let written = write(fd, buffer.baseAddress! + offset, remaining)
                    if written > 0 {
                        offset += written
                        remaining -= written
                    } else if written < 0 && errno == EINTR {
                        continue
                    } else {
                        return
                    }
                }
            }
        }
    }

    /// The line `log` writes, newline included.
    static func line(id: String, method: String, path: String, status: Int, bytes: Int,
                     duration: Duration, extra: String, at time: Date) -> String {
        var line = "time=\(timestamp(time))"
        append(to: &line, id: id, method: method, path: path, status: status, bytes: bytes, duration: duration, extra: extra)
        return line
    }

    /// Appends everything after the time, newline included.
    private static func append(to line: inout String, id: String, method: String, path: String, status: Int,
                               bytes: Int, duration: Duration, extra: String) {
        line += " id=" + value(id) + " method=" + value(method) + " path=" + value(path)
        line += " status=" + String(status) + " bytes=" + String(bytes) + " duration_ms=" + milliseconds(duration)
        if !extra.isEmpty { line += " " + extra }
        line += "\n"
    }

    /// A logfmt value: as is, or quoted with `"`, `\` and control characters escaped.
    static func value(_ text: String) -> String {
        let needsQuotes = text.isEmpty || text.utf8.contains {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "=") || $0 < 0x20 || $0 == 0x7F
        }
        guard needsQuotes else { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                quoted += "\\u{\(String(scalar.value, radix: 16))}"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// RFC 3339 UTC to the nearest millisecond: `2026-11-21T21:51:00.123Z`.
    static func timestamp(_ date: Date) -> String {
        let totalMillis = Int((date.timeIntervalSince1970 * 1000).rounded())
        return secondText(totalMillis / 1000) + pad(totalMillis % 1000, 3) + "Z"
    }

    /// `2026-11-21T21:51:00.` for a Unix second.
    private static func secondText(_ second: Int) -> String {
        var seconds = time_t(second)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return "\(parts.tm_year + 1900)-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))"
            + "T\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))."
    }

    /// Milliseconds with three decimals (microsecond resolution): `0.213`, `1500.000`.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let micros = max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        return "\(micros / 1000).\(pad(micros % 1000, 3))"
    }

    private static func pad<Number: BinaryInteger>(_ number: Number, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
