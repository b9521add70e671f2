import HTTPServer

/// The elements of a comma-separated field value (RFC 9110 §5.6.1), without making strings
/// (names and tokens are compared with `ByteClass.equalsLowercase`).
enum ASCII {
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
