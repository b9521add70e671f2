/// Writes `JSONValue`s as compact JSON (no whitespace) into a byte buffer: keys in their
/// order, numbers as written, non-ASCII text as raw UTF-8, `/` not escaped, control
/// characters as `\n`-style or `\u00xx` escapes. The same value always gives the same bytes.
public struct JSONWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    public init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
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
        case .number(let literal): bytes.append(contentsOf: literal.utf8)
        case .string(let s): writeString(s)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (i, member) in object.members.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(member.key)
                bytes.append(UInt8(ascii: ":"))
                write(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends raw bytes that are already valid JSON (a pre-encoded subtree).
    public mutating func appendRaw<C: Collection>(_ raw: C) where C.Element == UInt8 {
        bytes.append(contentsOf: raw)
    }

    /// Appends raw bytes that are already valid JSON, through a buffer pointer: the array is
    /// borrowed, where `append(contentsOf:)` takes it owned (a retain and a release per call).
    public mutating func appendRaw(_ raw: [UInt8]) {
        raw.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    }

    /// How many bytes are written.
    public var count: Int { bytes.count }

    /// Takes back everything written after the first `count` bytes (a value that turned out
    /// to have no place in the output).
    public mutating func truncate(to count: Int) {
        bytes.removeSubrange(count...)
    }

    /// Appends a single ASCII punctuation byte such as `,` or `{`.
    public mutating func appendByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends `s` as a quoted, escaped JSON string.
    public mutating func writeString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        // A native string lends its UTF-8 in place; only another one is copied first.
        if s.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            var s = s
            s.withUTF8 { appendEscaped($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 text with the characters JSON needs escaped, escaped.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for i in 0..<utf8.count {
            let byte = utf8[i]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
            appendEscape(for: byte)
            runStart = i + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
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
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        }
    }

    private mutating func appendASCII(_ s: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }
}
