/// A number read from its text the way `Double(_: String)` reads it, with a short road for
/// the plain decimals pages carry (a price, a count): `Double(_:)` goes through the C library's
/// `strtod`, a general parser far costlier than these need.
enum DecimalText {
    /// The double `text` spells, the same as `Double(text)`.
    static func double(_ text: String) -> Double? {
        var text = text
        return text.withUTF8(plainDecimal) ?? Double(text)
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
