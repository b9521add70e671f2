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
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": literal("\\\"")
            case "\\": literal("\\\\")
            case "\n": literal("\\n")
            case "\r": literal("\\r")
            case "\t": literal("\\t")
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                literal("\\u00")
                let digits: StaticString = "0123456789abcdef"
                append(UnsafeBufferPointer(start: digits.utf8Start + Int(scalar.value >> 4), count: 1))
                append(UnsafeBufferPointer(start: digits.utf8Start + Int(scalar.value & 0xF), count: 1))
            default:
                var utf8 = String(scalar)
                utf8.withUTF8 { append($0) }
            }
        }
    }
}
