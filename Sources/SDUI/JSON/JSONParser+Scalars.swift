/// Strings and numbers: the two token kinds with an inner grammar.
extension JSONParser {
    mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes. Nearly every string is ASCII, which needs no validation.
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try ascii ? asciiText(start..<index) : decodeUTF8(start..<index)
                index += 1
                return text
            }
            ascii = ascii && byte < 0x80
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in string") }
            index += 1
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try decodeUTF8(scalars)
            case UInt8(ascii: "\\"):
                index += 1
                try appendEscape(to: &scalars)
            case 0..<0x20:
                throw error("control character in string")
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func appendEscape(to out: inout [UInt8]) throws(JSONParseError) {
        guard index < bytes.count else { throw error("unterminated string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("unpaired surrogate in \\u escape") }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("unpaired surrogate in \\u escape")
            }
            out.append(contentsOf: Array(String(Character(UnicodeScalar(scalar)!)).utf8))
        default:
            index -= 1
            throw error("invalid escape \\\(describe(byte))")
        }
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The string of the bytes in `range`, all ASCII: valid UTF-8 as they are, so copied into
    /// the string without the generic validation `decodeUTF8` runs, or the repairs
    /// `String(decoding:as:)` prepares for (a short one is then known ASCII at once); a number's
    /// text too. JSONParserTests compare the strings parsed with `String(validating:)` of their
    /// bytes on generated literals.
    func asciiText(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { all in
            String(unsafeUninitializedCapacity: range.count) { $0.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: all[range])) }
        }
    }

    private func decodeUTF8(_ range: Range<Int>) throws(JSONParseError) -> String {
        try decodeUTF8(bytes[range])
    }

    private func decodeUTF8<C: Collection>(_ raw: C) throws(JSONParseError) -> String where C.Element == UInt8 {
        guard let text = String(validating: raw, as: UTF8.self) else { throw error("invalid UTF-8 in string") }
        return text
    }

    mutating func parseNumber() throws(JSONParseError) -> String {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        if peek(UInt8(ascii: "0")) {
            index += 1
        } else if digits() == 0 {
            throw error("invalid number")
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            if digits() == 0 { throw error("invalid number: digits expected after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            if digits() == 0 { throw error("invalid number: digits expected in exponent") }
        }
        if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            throw error("invalid number: leading zero")
        }
        return asciiText(start..<index)
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }
}
