/// The grammar of one header field line and of a `Content-Length` value (RFC 9110 §5, §8.6;
/// RFC 9112 §5), shared by the server's request parser and the client's response parser
/// (`HTTPClient`): a field a request may not carry is one a response may not carry either.
package enum HeaderField {
    /// Parses `field-name ":" OWS field-value OWS`; rejects obs-fold, whitespace before the
    /// colon, non-token names and control characters (other than HTAB) or DEL in values.
    /// Inlined into the parsers' line loops: its result is not built as a `Result` in memory.
    /// The name is read once, a table look-up per byte, up to the colon; the value eight
    /// bytes at a time (HeaderFieldTests compare both with the grammar's rules on generated
    /// lines).
    @inline(__always)
    package static func parse(
        _ line: UnsafeBufferPointer<UInt8>
    ) -> Swift.Result<(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>), HTTPError> {
        if line[0] == ByteClass.sp || line[0] == ByteClass.htab {
            return .failure(.badRequest("Obsolete line folding is not accepted."))
        }
        let tokens = tokenBytes
        var colon = 0
        while colon < line.count, tokens[Int(line[colon])] != 0 { colon += 1 }
        guard colon > 0, colon < line.count, line[colon] == ByteClass.colon else {
            return .failure(line.contains(ByteClass.colon)
                ? .badRequest("Invalid header field name.") : .badRequest("A header field has no colon."))
        }
        let name = UnsafeBufferPointer(rebasing: line[..<colon])
        let value = ByteClass.trimmingSpaces(UnsafeBufferPointer(rebasing: line[(colon + 1)...]))
        guard isFieldValue(value) else {
            return .failure(.badRequest("Invalid character in a header field value."))
        }
        return .success((name, value))
    }

    /// 1 for a `tchar` (`ByteClass.isTokenChar`), else 0.
    nonisolated(unsafe) private static let tokenBytes = ByteTable.make { ByteClass.isTokenChar($0) ? 1 : 0 }

    /// Whether every byte of `value` may stand in a field value (`ByteClass.isFieldValueByte`):
    /// eight at a time, a word with no byte below 0x20 and none equal to DEL being all valid;
    /// a word with one (HTAB, or a bad byte) is checked a byte at a time.
    @inline(__always)
    static func isFieldValue(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = value.baseAddress else { return true }
        var index = 0
        while index + 8 <= value.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let belowSpace = (word &- ones &* 0x20) & ~word & highs
            let delete = ((word ^ (ones &* 0x7F)) &- ones) & ~(word ^ (ones &* 0x7F)) & highs
            if belowSpace | delete != 0, !(index..<index + 8).allSatisfy({ ByteClass.isFieldValueByte(base[$0]) }) {
                return false
            }
            index += 8
        }
        while index < value.count {
            guard ByteClass.isFieldValueByte(base[index]) else { return false }
            index += 1
        }
        return true
    }

    /// A `Content-Length` value: `1*DIGIT`, at most 18 digits (no sign, no spaces, no list);
    /// nil for anything else.
    package static func contentLength<Digits: Collection<UInt8>>(_ digits: Digits) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
