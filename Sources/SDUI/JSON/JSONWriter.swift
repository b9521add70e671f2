/// Writes `JSONValue`s as compact JSON (no whitespace) into a byte buffer: keys in their
/// order, numbers as written, non-ASCII text as raw UTF-8, `/` not escaped, control
/// characters as `\n`-style or `\u00xx` escapes. The same value always gives the same bytes.
///
/// Its bytes live in a buffer of its own (`JSONWriterBuffer`), written through a pointer:
/// `Array.append(contentsOf:)`, at a few bytes a call, cost more than the copying itself.
public struct JSONWriter {
    private var buffer: JSONWriterBuffer
    /// How many bytes are written.
    public private(set) var count = 0

    /// The bytes written so far, in an array of their own size.
    public var bytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { array, initialized in
            array.baseAddress?.initialize(from: buffer.base, count: count)
            initialized = count
        }
    }

    public init(reservingCapacity capacity: Int = 0) {
        buffer = JSONWriterBuffer(capacity: max(capacity, 16))
    }

    /// The compact encoding of `value`.
    public static func encode(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.write(value)
        return writer.bytes
    }

    /// Appends the compact encoding of `value`.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: appendASCII("null")
        case .bool(let b): appendASCII(b ? "true" : "false")
        case .number(let literal): appendUTF8(literal)
        case .string(let s): writeString(s)
        case .array(let elements):
            appendByte(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { appendByte(UInt8(ascii: ",")) }
                write(element)
            }
            appendByte(UInt8(ascii: "]"))
        case .object(let object):
            appendByte(UInt8(ascii: "{"))
            for (i, member) in object.members.enumerated() {
                if i > 0 { appendByte(UInt8(ascii: ",")) }
                writeString(member.key)
                appendByte(UInt8(ascii: ":"))
                write(member.value)
            }
            appendByte(UInt8(ascii: "}"))
        }
    }

    /// Appends raw bytes that are already valid JSON (a pre-encoded subtree).
    public mutating func appendRaw(_ raw: [UInt8]) {
        raw.withUnsafeBufferPointer { append($0) }
    }

    /// Takes back everything written after the first `count` bytes (a value that turned out
    /// to have no place in the output).
    public mutating func truncate(to count: Int) {
        precondition(count <= self.count, "a writer truncates only what it wrote")
        self.count = count
    }

    /// Appends a single ASCII punctuation byte such as `,` or `{`.
    public mutating func appendByte(_ byte: UInt8) {
        room(for: 1).initialize(to: byte)
        count += 1
    }

    /// Appends `bytes`.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        room(for: bytes.count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends the UTF-8 of `text`.
    private mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Where the next `extra` bytes go: the buffer is this writer's alone (a copy of a writer
    /// gets its own on its first write) and has room for them.
    private mutating func room(for extra: Int) -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&buffer) || buffer.capacity - count < extra {
            buffer = buffer.copy(count: count, capacity: max(buffer.capacity * 2, count + extra))
        }
        return buffer.base + count
    }

    /// Appends `s` as a quoted, escaped JSON string.
    public mutating func writeString(_ s: String) {
        appendByte(UInt8(ascii: "\""))
        // A native string lends its UTF-8 in place; only another one is copied first.
        if s.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            var s = s
            s.withUTF8 { appendEscaped($0) }
        }
        appendByte(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 text with the characters JSON needs escaped, escaped. Eight bytes at a
    /// time while none of them needs it (nearly all text), byte by byte around those that do.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        var runStart = 0, index = 0
        while index < utf8.count {
            if index + 8 <= utf8.count, !Self.needsEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = base[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(for: byte)
                runStart = index + 1
            }
            index += 1
        }
        append(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }

    /// Whether any of the eight bytes of `word` is a control character, `"` or `\` (exact:
    /// the zero-byte tests below have no false answers as a whole, only in which byte).
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let hasControl = (word &- 0x20 &* ones) & ~word & highs != 0
        return hasControl || hasZeroByte(word ^ (0x22 &* ones)) || hasZeroByte(word ^ (0x5C &* ones))
    }

    private mutating func appendEscape(for byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): appendASCII("\\\"")
        case UInt8(ascii: "\\"): appendASCII("\\\\")
        case 0x08: appendASCII("\\b")
        case 0x0C: appendASCII("\\f")
        case 0x0A: appendASCII("\\n")
        case 0x0D: appendASCII("\\r")
        case 0x09: appendASCII("\\t")
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            appendASCII("\\u00")
            appendByte(hex[Int(byte >> 4)])
            appendByte(hex[Int(byte & 0x0F)])
        }
    }

    /// Appends fixed text that is already valid JSON where it goes (`{"error":`): its bytes are
    /// in the binary, so no array or `String` is made of it.
    public mutating func appendASCII(_ s: StaticString) {
        append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }
}
