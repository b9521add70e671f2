/// One logfmt line as bytes: text, zero-padded decimals, and values quoted only when they
/// need it (empty, or with a space, `"`, `=` or a control character).
///
/// The line owns its buffer (not an `Array`), so appending a field is a capacity check and a
/// copy: every request writes a line of some twenty pieces. Not copyable: one owner, freed
/// once; so it may be sent to another thread with its buffer (hence the unchecked `Sendable`).
struct LogLine: ~Copyable, @unchecked Sendable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written so far.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, Self.smallest)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The bytes written so far, copied.
    var bytes: [UInt8] { withBytes { Array($0) } }

    /// The text written so far.
    var text: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with the bytes written so far, without copying them.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: start, count: count))
    }

    /// Empties the line, keeping its buffer unless it grew past 64 KiB (a burst's buffer is
    /// not held for good).
    mutating func reset() {
        count = 0
        guard capacity > 1 << 16 else { return }
        start.deallocate()
        capacity = Self.smallest
        start = .allocate(capacity: capacity)
    }

    mutating func append(_ raw: UnsafeBufferPointer<UInt8>) {
        guard let source = raw.baseAddress else { return }
        reserve(raw.count)
        (start + count).initialize(from: source, count: raw.count)
        count += raw.count
    }

    /// Appends fixed text (a key, a separator): copied from the binary, no `String` touched.
    mutating func literal(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    mutating func append(_ raw: [UInt8]) {
        raw.withUnsafeBufferPointer { append($0) }
    }

    /// Appends the 32 hex digits of a trace id (`TraceContext.traceBits`).
    mutating func appendTraceID(_ bits: (high: UInt64, low: UInt64)) {
        appendHex(bits.high)
        appendHex(bits.low)
    }

    /// Appends `value` as 16 lowercase hex digits.
    private mutating func appendHex(_ value: UInt64) {
        reserve(16)
        let digits: StaticString = "0123456789abcdef"
        var rest = value
        for index in stride(from: count + 15, through: count, by: -1) {
            start[index] = digits.utf8Start[Int(rest & 0xF)]
            rest >>= 4
        }
        count += 16
    }

    /// Room for `extra` more bytes.
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: max(needed, 2 * capacity))
        larger.initialize(from: start, count: count)
        start.deallocate()
        start = larger
        capacity = max(needed, 2 * capacity)
    }

    private static let smallest = 64

    /// ` key=` then the value.
    mutating func field(_ keyPrefix: StaticString, _ text: String) {
        literal(keyPrefix)
        value(text)
    }

    /// A non-negative integer in decimal, left-padded with zeros to `width` digits.
    mutating func decimal(_ number: Int, width: Int = 1) {
        var digits = 1, scale = 1
        let value = max(0, number)
        while value / scale >= 10 {
            scale *= 10
            digits += 1
        }
        let written = max(width, digits)
        reserve(written)
        var rest = value
        for index in stride(from: count + written - 1, through: count, by: -1) {
            start[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += written
    }

    /// Milliseconds with three decimals (microsecond resolution): `0.213`, `1500.000`.
    mutating func milliseconds(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let micros = max(0, Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000))
        decimal(micros / 1000)
        literal(".")
        decimal(micros % 1000, width: 3)
    }

    /// The value as is, or quoted with `"`, `\` and control characters escaped.
    mutating func value(_ text: String) {
        var text = text
        let plain = text.withUTF8 { utf8 in
            let needsQuotes = utf8.isEmpty || utf8.contains {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "=") || $0 < 0x20 || $0 == 0x7F
            }
            if !needsQuotes { append(utf8) }
            return !needsQuotes
        }
        guard !plain else { return }
        literal("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal("\\\"")
            case "\\": literal("\\\\")
            case "\n": literal("\\n")
            case "\r": literal("\\r")
            case "\t": literal("\\t")
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                append("\\u{" + String(scalar.value, radix: 16) + "}")
            default: append(String(scalar))
            }
        }
        literal("\"")
    }
}
