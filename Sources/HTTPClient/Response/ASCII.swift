import HTTPServer

/// Case-insensitive comparisons of header bytes with lower-case ASCII names and tokens, and
/// the elements of a comma-separated field value (RFC 9110 §5.6.1), without making strings.
enum ASCII {
    /// Whether `bytes` equals `lowercase` ignoring ASCII case.
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        for (byte, wanted) in zip(bytes, expected) {
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            if folded != wanted { return false }
        }
        return true
    }

    /// Calls `body` with each element of the list `value`, without its surrounding spaces.
    static func forEachListElement(_ value: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        while start <= value.count {
            let end = value[start...].firstIndex(of: UInt8(ascii: ",")) ?? value.count
            body(ByteClass.trimmingSpaces(UnsafeBufferPointer(rebasing: value[start..<end])))
            start = end + 1
        }
    }
}
