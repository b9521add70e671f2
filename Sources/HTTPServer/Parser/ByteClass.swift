/// Character classes of RFC 9110 §5.6, RFC 9112 and RFC 3986, as byte predicates: the server's
/// request parser and the client's response parser (`HTTPClient`) read bytes with the same ones.
package enum ByteClass {
    package static let cr = UInt8(ascii: "\r")
    package static let lf = UInt8(ascii: "\n")
    package static let sp = UInt8(ascii: " ")
    package static let htab = UInt8(ascii: "\t")
    package static let colon = UInt8(ascii: ":")
    static let percent = UInt8(ascii: "%")

    // Each class as a 128-bit set of ASCII bytes (bit `b` of `low` for b < 64, of `high` for
    // 64 ≤ b < 128): a test is a shift and a mask, with no table to initialize or bounds-check.
    // ByteClassTests checks every byte against the classes spelled out as characters.
    /// tchar: alphanumerics and ``!#$%&'*+-.^_`|~``.
    private static let tcharLow: UInt64 = 0x03FF_6CFA_0000_0000, tcharHigh: UInt64 = 0x57FF_FFFF_C7FF_FFFE
    /// pchar, `/` and `?` of RFC 3986 §3.3–3.4: unreserved, sub-delims, `:`, `@`, and `%`.
    private static let targetLow: UInt64 = 0xAFFF_FFF2_0000_0000, targetHigh: UInt64 = 0x47FF_FFFE_87FF_FFFF
    /// Host: unreserved, `%`, sub-delims, `:`, `[` and `]`.
    private static let hostLow: UInt64 = 0x2FFF_7FF2_0000_0000, hostHigh: UInt64 = 0x47FF_FFFE_AFFF_FFFE

    @inline(__always)
    private static func member(_ byte: UInt8, low: UInt64, high: UInt64) -> Bool {
        byte < 64 ? (low >> UInt64(byte)) & 1 != 0 : byte < 128 && (high >> UInt64(byte &- 64)) & 1 != 0
    }

    /// `tchar`: the bytes of a token (method, field name, transfer coding).
    @inline(__always)
    package static func isTokenChar(_ byte: UInt8) -> Bool {
        member(byte, low: tcharLow, high: tcharHigh)
    }

    /// Bytes allowed in a field value: HTAB, SP, VCHAR and obs-text; not CTLs or DEL.
    @inline(__always)
    package static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == htab || (byte >= 0x20 && byte != 0x7F)
    }

    /// Bytes of a request-target's path and query (RFC 3986): not `#`, `"`, `\`, `<`, `>`,
    /// `{`, `}`, `|`, `^`, backtick, `[`, `]`, spaces, controls or non-ASCII. A `%` must still
    /// start a percent-escape.
    @inline(__always)
    static func isTargetByte(_ byte: UInt8) -> Bool {
        member(byte, low: targetLow, high: targetHigh)
    }

    /// Bytes of a Host value, `uri-host [":" port]` (RFC 3986): unreserved, percent-encoded,
    /// sub-delims, `:` and the brackets of an IP literal.
    @inline(__always)
    static func isHostByte(_ byte: UInt8) -> Bool {
        member(byte, low: hostLow, high: hostHigh)
    }

    /// The value of a hex digit, or nil.
    @inline(__always)
    package static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Whether `bytes` is a non-empty token.
    @inline(__always)
    package static func isToken<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTokenChar)
    }

    /// Whether `bytes` spell `lowercase` (written in lowercase) in any ASCII case: only letters
    /// fold, so `-` and CR, which differ only in bit 0x20, stay different. Header names, codings,
    /// media types and URL schemes are compared so.
    package static func equalsLowercase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        for index in 0..<bytes.count {
            // An upper-case letter is folded; anything else must equal the expected byte as it is.
            let byte = bytes[index]
            guard (byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) == expected[index] else { return false }
        }
        return true
    }

    /// `equalsLowercase` for bytes of another collection (a slice, a string's UTF-8).
    package static func equalsLowercase<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ lowercase: StaticString) -> Bool {
        bytes.withContiguousStorageIfAvailable { equalsLowercase($0, lowercase) }
            ?? Array(bytes).withUnsafeBufferPointer { equalsLowercase($0, lowercase) }
    }

    /// `bytes` without leading and trailing SP and HTAB.
    package static func trimmingSpaces(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == sp || bytes[start] == htab { start += 1 }
        while end > start, bytes[end - 1] == sp || bytes[end - 1] == htab { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }
}
