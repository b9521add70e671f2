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
            return (string(UnsafeBufferPointer(rebasing: buffer[..<Int(length)])), length)
        }
        if attempt.0 != nil || attempt.1 < 0 { return attempt.0 }
        var large = [UChar](repeating: 0, count: Int(attempt.1) + 1)
        var status = U_ZERO_ERROR
        let length = write(&large, Int32(large.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        return large.withUnsafeBufferPointer { string(UnsafeBufferPointer(rebasing: $0[..<Int(length)])) }
    }

    /// `units` as a `String`, the same as `String(decoding: units, as: UTF16.self)` (an unpaired
    /// surrogate becomes U+FFFD), transcoded to UTF-8 here: the standard library's generic
    /// UTF-16 decoding is slow next to the rest of a page's render (docs/PERFORMANCE.md).
    static func string(_ units: UnsafeBufferPointer<UInt16>) -> String {
        // A unit becomes at most 3 bytes, a surrogate pair (two units) 4.
        String(unsafeUninitializedCapacity: units.count * 3) { utf8 in
            var written = 0
            func put(_ byte: UInt32) {
                utf8[written] = UInt8(truncatingIfNeeded: byte)
                written += 1
            }
            var index = 0
            while index < units.count {
                var scalar = UInt32(units[index])
                index += 1
                if scalar & 0xF800 == 0xD800 {
                    if scalar < 0xDC00, index < units.count, units[index] & 0xFC00 == 0xDC00 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                        index += 1
                    } else {
                        scalar = 0xFFFD
                    }
                }
                switch scalar {
                case ..<0x80:
                    put(scalar)
                case ..<0x800:
                    put(0xC0 | scalar >> 6)
                    put(0x80 | scalar & 0x3F)
                case ..<0x10000:
                    put(0xE0 | scalar >> 12)
                    put(0x80 | scalar >> 6 & 0x3F)
                    put(0x80 | scalar & 0x3F)
                default:
                    put(0xF0 | scalar >> 18)
                    put(0x80 | scalar >> 12 & 0x3F)
                    put(0x80 | scalar >> 6 & 0x3F)
                    put(0x80 | scalar & 0x3F)
                }
            }
            return written
        }
    }

    /// Whether `status` is success or a warning (ICU's warnings are negative).
    static func succeeded(_ status: UErrorCode) -> Bool {
        status.rawValue <= U_ZERO_ERROR.rawValue
    }
}
