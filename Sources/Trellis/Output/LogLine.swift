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
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }

    /// Appends the 32 hex digits of `trace`'s id.
    mutating func appendTraceID(_ trace: TraceContext) {
        trace.appendTraceID(to: &bytes)
    }

    /// ` key=` then the value.
    mutating func field(_ keyPrefix: String, _ text: String) {
        append(keyPrefix)
        value(text)
    }

    /// A non-negative integer in decimal, left-padded with zeros to `width` digits.
    mutating func decimal(_ number: Int, width: Int = 1) {
        var rest = max(0, number), scale = 1, digits = 1
        while rest / scale >= 10 {
            scale *= 10
            digits += 1
        }
        for _ in digits..<max(width, digits) { bytes.append(UInt8(ascii: "0")) }
        while scale > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / scale))
            rest %= scale
            scale /= 10
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
        let needsQuotes = text.isEmpty || text.utf8.contains {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "=") || $0 < 0x20 || $0 == 0x7F
        }
        guard needsQuotes else { return append(text) }
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
