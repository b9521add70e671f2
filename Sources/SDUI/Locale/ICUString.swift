import CFoundationICU

/// Reads the UTF-16 text an ICU call writes into a caller's buffer: first into a small one on
/// the stack, and once more into one of the length ICU asked for when that was too small.
enum ICUString {
    /// The text `write` produces, or nil when ICU reports an error.
    static func read(_ write: (UnsafeMutablePointer<UChar>, Int32, inout UErrorCode) -> Int32) -> String? {
        let capacity = 64
        let attempt: (String?, Int32) = withUnsafeTemporaryAllocation(of: UChar.self, capacity: capacity) { buffer in
            var status = U_ZERO_ERROR
            let length = write(buffer.baseAddress!, Int32(capacity), &status)
            if status == U_BUFFER_OVERFLOW_ERROR { return (nil, length) }
            guard status.rawValue <= U_ZERO_ERROR.rawValue else { return (nil, -1) }
            return (String(decoding: UnsafeBufferPointer(rebasing: buffer[..<Int(length)]), as: UTF16.self), length)
        }
        if attempt.0 != nil || attempt.1 < 0 { return attempt.0 }
        var large = [UChar](repeating: 0, count: Int(attempt.1) + 1)
        var status = U_ZERO_ERROR
        let length = write(&large, Int32(large.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        return String(decoding: large[..<Int(length)], as: UTF16.self)
    }

    /// Whether `status` is success or a warning (ICU's warnings are negative).
    static func succeeded(_ status: UErrorCode) -> Bool {
        status.rawValue <= U_ZERO_ERROR.rawValue
    }
}
