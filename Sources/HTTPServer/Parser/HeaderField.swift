/// The grammar of one header field line and of a `Content-Length` value (RFC 9110 §5, §8.6;
/// RFC 9112 §5), shared by the server's request parser and the client's response parser
/// (`HTTPClient`): a field a request may not carry is one a response may not carry either.
package enum HeaderField {
    /// Parses `field-name ":" OWS field-value OWS`; rejects obs-fold, whitespace before the
    /// colon, non-token names and control characters (other than HTAB) or DEL in values.
    /// Inlined into the parsers' line loops: its result is not built as a `Result` in memory.
    @inline(__always)
    package static func parse(
        _ line: UnsafeBufferPointer<UInt8>
    ) -> Swift.Result<(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>), HTTPError> {
        if line[0] == ByteClass.sp || line[0] == ByteClass.htab {
            return .failure(.badRequest("Obsolete line folding is not accepted."))
        }
        guard let colon = line.firstIndex(of: ByteClass.colon) else {
            return .failure(.badRequest("A header field has no colon."))
        }
        let name = UnsafeBufferPointer(rebasing: line[..<colon])
        guard ByteClass.isToken(name) else {
            return .failure(.badRequest("Invalid header field name."))
        }
        let value = ByteClass.trimmingSpaces(UnsafeBufferPointer(rebasing: line[(colon + 1)...]))
        guard value.allSatisfy(ByteClass.isFieldValueByte) else {
            return .failure(.badRequest("Invalid character in a header field value."))
        }
        return .success((name, value))
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
