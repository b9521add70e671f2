import SDUI

/// One logfmt line as bytes: text, zero-padded decimals, and values quoted only when they
/// need it (empty, or with a space, `"`, `=` or a control character).
struct LogLine {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Empties the line, keeping its storage unless it grew past 64 KiB (a burst's buffer is
    /// not held for good).
    mutating func reset() {
        bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 16)
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }

    /// Appends the 32 hex digits of a trace id (`TraceContext.traceBits`).
    mutating func appendTraceID(_ bits: (high: UInt64, low: UInt64)) {
        SHA256.appendHex(of: bits.high, to: &bytes)
        SHA256.appendHex(of: bits.low, to: &bytes)
    }

    /// ` key=` then the value.
    mutating func field(_ keyPrefix: String, _ text: String) {
        append(keyPrefix)
        value(text)
    }

    /// A non-negative integer in decimal, left-padded with zeros to `width` digits.
    mutating func decimal(_ number: Int, width: Int = 1) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = max(0, number), start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            for _ in (digits.count - start)..<max(width, digits.count - start) { bytes.append(UInt8(ascii: "0")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Milliseconds with three decimals (microsecond resolution): `0.213`, `1500.000`.
    mutating func milliseconds(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let micros = max(0, Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000))
        decimal(micros / 1000)
        append(".")
        decimal(micros % 1000, width: 3)
    }

    /// The value as is, or quoted with `"`, `\` and control characters escaped.
    mutating func value(_ text: String) {
        var text = text
        let plain = text.withUTF8 { utf8 in
            let needsQuotes = utf8.isEmpty || utf8.contains {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "=") || $0 < 0x20 || $0 == 0x7F
            }
            if !needsQuotes { bytes.append(contentsOf: utf8) }
            return !needsQuotes
        }
        guard !plain else { return }
        append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case "\n": append("\\n")
            case "\r": append("\\r")
            case "\t": append("\\t")
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                append("\\u{" + String(scalar.value, radix: 16) + "}")
            default: append(String(scalar))
            }
        }
        append("\"")
    }
}
