import HTTPServer

/// One log line as bytes, in its `format`: fields written as logfmt (` key=value`, values
/// quoted only when they need it: empty, or with a space, `"`, `=` or a control character) or
/// as the members of a JSON object (`,"key":"value"`, `LogLine+JSON`); text, zero-padded
/// decimals.
///
/// The line owns its buffer (not an `Array`), so appending a field is a capacity check and a
/// copy: every request writes a line of some twenty pieces. Not copyable: one owner, freed
/// once; so it may be sent to another thread with its buffer (hence the unchecked `Sendable`).
struct LogLine: ~Copyable, @unchecked Sendable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written so far.
    private(set) var count = 0
    /// The syntax of the fields (`key`, `field`).
    let format: LogFormat
    /// Whether a field was written since the line (or its JSON object) began: the next one is
    /// preceded by a separator.
    private var afterField = false

    init(capacity: Int, format: LogFormat = .text) {
        self.capacity = max(capacity, Self.smallest)
        self.format = format
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// Drops what was written after the first `count` bytes (a line that did not fit).
    mutating func truncate(to count: Int) {
        self.count = min(self.count, max(0, count))
    }

    /// The bytes written so far, copied.
    var bytes: [UInt8] { withBytes { Array($0) } }

    /// The text written so far.
    var text: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with the bytes written so far, without copying them.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: start, count: count))
    }

    /// Empties the line, keeping its buffer unless it grew past `kept` bytes (a burst's
    /// buffer is not held for good).
    mutating func reset(keeping kept: Int = 1 << 16) {
        count = 0
        afterField = false
        guard capacity > kept else { return }
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

    /// A trace id field (`TraceContext.traceBits`): its 32 hex digits, a JSON string in JSON.
    mutating func traceID(_ name: StaticString, _ bits: (high: UInt64, low: UInt64)) {
        key(name)
        if format == .json { literal("\"") }
        appendHex(bits.high)
        appendHex(bits.low)
        if format == .json { literal("\"") }
    }

    /// Appends `value` as 16 lowercase hex digits, two a byte (`HexPairs`).
    private mutating func appendHex(_ value: UInt64) {
        reserve(16)
        HexPairs.write(value, bytes: 8, to: start + count)
        count += 16
    }

    /// Puts `byte` where there is room for it (`reserve`).
    private mutating func put(_ byte: UInt8) {
        start[count] = byte
        count += 1
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

    /// The separator a field needs (a space in text, a comma in JSON; none for the first) and
    /// its key: `key=` or `"key":`. The value follows.
    mutating func key(_ name: StaticString) {
        switch format {
        case .text:
            // Separator, name and `=` with one room check: every field of every line comes here.
            reserve(name.utf8CodeUnitCount + 2)
            if afterField { put(UInt8(ascii: " ")) }
            afterField = true
            (start + count).initialize(from: name.utf8Start, count: name.utf8CodeUnitCount)
            count += name.utf8CodeUnitCount
            put(UInt8(ascii: "="))
        case .json:
            separate()
            literal("\"")
            literal(name)
            literal("\":")
        }
    }

    /// Fields this line's format wrote elsewhere in the middle of a line (`segment`), each with
    /// its separator: appended as they are. One of at most a block is copied as a whole block
    /// (its room is zeros; the bytes past the segment are written over by what follows).
    mutating func append(segment: LogSegment) {
        reserve(max(segment.count, LogSegment.block))
        let end = UnsafeMutableRawPointer(start + count)
        if segment.count <= LogSegment.block {
            end.copyMemory(from: segment.base, byteCount: LogSegment.block)
        } else {
            end.copyMemory(from: segment.base, byteCount: segment.count)
        }
        count += segment.count
        afterField = true
    }

    /// The fields `write` makes in the middle of a line in `format`, separators included, for
    /// `append(segment:)`.
    static func segment(format: LogFormat, _ write: (inout LogLine) -> Void) -> LogSegment {
        var line = LogLine(capacity: 128, format: format)
        line.afterField = true
        write(&line)
        return line.withBytes { LogSegment($0) }
    }

    /// Fields written elsewhere in this line's format (`AccessFields`), after a separator.
    mutating func fields(_ written: String) {
        separate()
        append(written)
    }

    /// Starts a new line: in JSON, its object.
    mutating func begin() {
        if format == .json { literal("{") }
        afterField = false
    }

    /// Ends the line: in JSON, its object; then the newline.
    mutating func end() {
        if format == .json { literal("}") }
        literal("\n")
    }

    /// A separator unless no field was written yet; from now on, one is.
    mutating func separate() {
        if afterField { format == .json ? literal(",") : literal(" ") }
        afterField = true
    }

    /// `key=value` (logfmt quoting) or `"key":"value"` (JSON escaping).
    mutating func field(_ name: StaticString, _ text: String) {
        key(name)
        switch format {
        case .text: value(text)
        case .json: jsonString(text)
        }
    }

    /// `field` for a value given as bytes as they arrived (a header's), whatever they hold.
    mutating func field(_ name: StaticString, bytes: UnsafeBufferPointer<UInt8>) {
        key(name)
        switch format {
        case .text: value(bytes)
        case .json: jsonString(bytes)
        }
    }

    /// A non-negative integer field: `key=3` or `"key":3`.
    mutating func number(_ name: StaticString, _ value: Int) {
        key(name)
        decimal(value)
    }

    /// A field whose value is a fixed word: `key=hit` or `"key":"hit"`.
    mutating func field(_ name: StaticString, word: StaticString) {
        key(name)
        if format == .json { literal("\"") }
        literal(word)
        if format == .json { literal("\"") }
    }

    /// A field that is only ever true: `key=true` or `"key":true`.
    mutating func flag(_ name: StaticString) {
        key(name)
        literal("true")
    }

    /// A non-negative integer in decimal, left-padded with zeros to `width` digits.
    mutating func decimal(_ number: Int, width: Int = 1) {
        let value = max(0, number)
        if width == 3 && value < 1000 { return threeDigits(value) }
        var digits = 1, scale = 1
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

    /// `value` (below 1000) as three digits, without counting them: a timestamp's and a
    /// duration's milliseconds, on every line, cost the same whatever they are.
    private mutating func threeDigits(_ value: Int) {
        reserve(3)
        start[count] = UInt8(ascii: "0") + UInt8(value / 100)
        start[count + 1] = UInt8(ascii: "0") + UInt8(value / 10 % 10)
        start[count + 2] = UInt8(ascii: "0") + UInt8(value % 10)
        count += 3
    }

    /// Milliseconds with three decimals (microsecond resolution): `0.213`, `1500.000`.
    mutating func milliseconds(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        milliseconds(microseconds: Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000))
    }

    /// `milliseconds` of a time measured in nanoseconds (`HTTPExchange.nanoseconds`).
    mutating func milliseconds(nanoseconds: Int64) {
        milliseconds(microseconds: Int(nanoseconds / 1000))
    }

    /// Milliseconds with three decimals of `microseconds` (none below zero).
    private mutating func milliseconds(microseconds: Int) {
        let micros = max(0, microseconds)
        decimal(micros / 1000)
        literal(".")
        decimal(micros % 1000, width: 3)
    }

    /// The logfmt value as is, or quoted with `"`, `\` and control characters escaped.
    mutating func value(_ text: String) {
        var text = text
        text.withUTF8 { value($0) }
    }

    /// `value` for bytes as they arrived: bytes that are not UTF-8 have each bad sequence
    /// replaced by U+FFFD. What the value needs is found in one pass over it, a table look-up
    /// per byte (`ValueBytes`; LogLineTests compare it with the rules spelled out).
    mutating func value(_ utf8: UnsafeBufferPointer<UInt8>) {
        let classes = Self.valueByteClasses
        var found: UInt8 = utf8.isEmpty ? ValueBytes.quoted : 0
        for byte in utf8 { found |= classes[Int(byte)] }
        guard found & ValueBytes.quoted != 0 else {
            if found & ValueBytes.nonASCII == 0 || String(validating: utf8, as: UTF8.self) != nil { return append(utf8) }
            return append(String(decoding: utf8, as: UTF8.self))
        }
        literal("\"")
        appendEscaped(utf8) { line, control in line.append("\\u{" + String(control, radix: 16) + "}") }
        literal("\"")
    }

    /// What a byte asks of a logfmt value: quotes (a space, `"`, `=`, a control character or
    /// DEL), a check that the value is UTF-8 (bytes from 0x80), or nothing.
    private enum ValueBytes {
        static let quoted: UInt8 = 1, nonASCII: UInt8 = 2
    }

    /// `ValueBytes` of every byte value.
    nonisolated(unsafe) private static let valueByteClasses = ByteTable.make { byte in
        byte >= 0x80 ? ValueBytes.nonASCII
            : byte == 0x20 || byte == 0x22 || byte == 0x3D || byte < 0x20 || byte == 0x7F ? ValueBytes.quoted : 0
    }

    /// The scalars of `utf8` (each bad UTF-8 sequence as U+FFFD) with `"`, `\`, newline,
    /// return and tab as backslash escapes, and every other control character (DEL too)
    /// written by `control`: the escaping logfmt and JSON share.
    mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, control: (inout LogLine, UInt32) -> Void) {
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": literal("\\\"")
            case "\\": literal("\\\\")
            case "\n": literal("\\n")
            case "\r": literal("\\r")
            case "\t": literal("\\t")
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: control(&self, scalar.value)
            default: append(String(scalar))
            }
        }
    }
}
