/// JSON string values for `LogLine`: quoted, with `"`, `\` and control characters escaped
/// (`\n`, `\r`, `\t`, else `\u00XX`; DEL too, so a terminal shows the line as it is), other text
/// as raw UTF-8, and bytes that are not UTF-8 (a header as a client sent it) as U+FFFD: every
/// line a JSON parser reads whole, whatever a client sent.
extension LogLine {
    /// `text` as a JSON string.
    mutating func jsonString(_ text: String) {
        var text = text
        text.withUTF8 { jsonString($0) }
    }

    /// `utf8` as a JSON string: as is when it needs no escape (nearly every value), else scalar
    /// by scalar, each bad UTF-8 sequence decoded as U+FFFD.
    mutating func jsonString(_ utf8: UnsafeBufferPointer<UInt8>) {
        literal("\"")
        defer { literal("\"") }
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return append(utf8)
        }
        appendEscaped(utf8) { line, control in
            let digits: StaticString = "0123456789abcdef"
            line.literal("\\u00")
            line.append(UnsafeBufferPointer(start: digits.utf8Start + Int(control >> 4), count: 1))
            line.append(UnsafeBufferPointer(start: digits.utf8Start + Int(control & 0xF), count: 1))
        }
    }
}
