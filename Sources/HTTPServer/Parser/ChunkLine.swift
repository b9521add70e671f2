/// The grammar of a chunk-size line (RFC 9112 §7.1, §7.1.1), without its CRLF:
///
///     chunk-size [ chunk-ext ]
///     chunk-size = 1*HEXDIG                      (at most 15 digits after leading zeros: no overflow)
///     chunk-ext  = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] )
///     chunk-ext-name = token;  chunk-ext-val = token / quoted-string
///
/// Whitespace (BWS) is allowed only where the grammar puts it, so `5 ` (trailing whitespace
/// with no extension after it) is as malformed as `5x`; `5 ;a=b` is valid.
enum ChunkLine {
    /// The chunk size the line declares, or nil when the line breaks the grammar.
    static func size(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var size = 0, significant = 0
        while index < line.count, let digit = ByteClass.hexValue(line[index]) {
            if size != 0 || digit != 0 { significant += 1 }  // leading zeros add nothing (RFC 9112 allows them)
            guard significant <= 15 else { return nil }
            size = size << 4 | digit
            index += 1
        }
        guard index > 0 else { return nil }
        while index < line.count {
            guard skipExtension(line, &index) else { return nil }
        }
        return size
    }

    /// Skips `BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ]`; false if malformed.
    private static func skipExtension(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        skipWhitespace(line, &index)
        guard index < line.count, line[index] == UInt8(ascii: ";") else { return false }
        index += 1
        skipWhitespace(line, &index)
        guard skipToken(line, &index) else { return false }
        let afterName = index
        skipWhitespace(line, &index)
        guard index < line.count, line[index] == UInt8(ascii: "=") else {
            index = afterName  // the whitespace belongs to the next extension (or is trailing: invalid)
            return true
        }
        index += 1
        skipWhitespace(line, &index)
        return skipToken(line, &index) || skipQuotedString(line, &index)
    }

    private static func skipWhitespace(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
        while index < line.count, line[index] == ByteClass.sp || line[index] == ByteClass.htab { index += 1 }
    }

    /// Skips `1*tchar`; false (index unchanged) if there is none.
    private static func skipToken(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        let start = index
        while index < line.count, ByteClass.isTokenChar(line[index]) { index += 1 }
        return index > start
    }

    /// Skips `DQUOTE *( qdtext / quoted-pair ) DQUOTE` (RFC 9110 §5.6.4); false if malformed.
    private static func skipQuotedString(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        let quote = UInt8(ascii: "\"")
        guard index < line.count, line[index] == quote else { return false }
        index += 1
        while index < line.count {
            let byte = line[index]
            index += 1
            if byte == quote { return true }
            if byte == UInt8(ascii: "\\") {
                guard index < line.count, ByteClass.isFieldValueByte(line[index]) else { return false }
                index += 1
            } else if !ByteClass.isFieldValueByte(byte) {
                return false
            }
        }
        return false
    }
}
