/// A number read from its decimal text the way `Double(_: String)` reads it, with a short road
/// for the plain decimals pages carry (a price, a count): `Double(_:)` goes through the C
/// library's `strtod`, a general parser far costlier than these need. Only decimal text is a
/// number (SPEC §7.1: a value that isn't one makes the key disappear): `Double(_:)` also reads
/// hexadecimal (`0x10`, `0x1p3`), `inf` and `nan`, which are refused here.
enum DecimalText {
    /// The double `text` spells when it is written in decimal (`isDecimal`), the same as
    /// `Double(text)`; nil for any other text.
    static func double(_ text: String) -> Double? {
        var text = text, decimal = false
        let plain = text.withUTF8 { bytes in
            let plain = plainDecimal(bytes)
            decimal = plain == nil && isDecimal(bytes)
            return plain
        }
        return plain ?? (decimal ? Double(text) : nil)
    }

    /// Whether `bytes` are a decimal number: an optional sign, digits with an optional point
    /// among or after them (`5`, `5.`, `.5`, `05.50`; at least one digit), and an optional
    /// exponent (`e` or `E`, an optional sign, digits). What JSON writes is a subset; so are the
    /// `+5`, `.5` and `5.` that `Double(_:)` also reads and bound strings may carry.
    static func isDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func skipDigits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        func skip(_ accepted: UInt8...) -> Bool {
            guard index < bytes.count, accepted.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        _ = skip(UInt8(ascii: "+"), UInt8(ascii: "-"))
        var digits = skipDigits()
        if skip(UInt8(ascii: ".")) { digits += skipDigits() }
        guard digits > 0 else { return false }
        if skip(UInt8(ascii: "e"), UInt8(ascii: "E")) {
            _ = skip(UInt8(ascii: "+"), UInt8(ascii: "-"))
            guard skipDigits() > 0 else { return false }
        }
        return index == bytes.count
    }

    /// Powers of ten that are exact doubles, 10^0 through 10^15.
    private static let powersOfTen: [Double] = (0...15).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    /// `-`? digits (`.` digits)?, with at most 15 digits in all: then the digits are an exact
    /// integer and dividing it by an exact power of ten rounds once, correctly, which is what
    /// `strtod` answers (Clinger's fast path). Nil for any other text, left to `Double(_:)`.
    private static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var digits: UInt64 = 0, count = 0, fractionCount = 0, integerCount = 0
        var seenPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "."), !seenPoint, integerCount > 0 {
                seenPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                guard count < 15 else { return nil }  // a 16th digit: left to `Double(_:)`, before `digits` could overflow
                digits = digits * 10 + UInt64(byte - UInt8(ascii: "0"))
                count += 1
                if seenPoint { fractionCount += 1 } else { integerCount += 1 }
            } else {
                return nil
            }
            index += 1
        }
        guard integerCount > 0, !seenPoint || fractionCount > 0 else { return nil }
        let magnitude = Double(digits) / powersOfTen[fractionCount]
        return negative ? -magnitude : magnitude
    }
}
