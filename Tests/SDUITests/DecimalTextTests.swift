import Testing
@testable import SDUI

/// The short road for plain decimals must answer bit for bit what `Double(_:)` answers, and
/// leave every other decimal text to it; text that isn't decimal (hexadecimal, `inf`, `nan`) is
/// no number at all (SPEC §7.1), though `Double(_:)` reads it.
@Suite struct DecimalTextTests {
    /// Decimal text, as the oracle sees it: optional sign, digits with an optional point (at
    /// least one digit), optional exponent.
    static func isDecimal(_ text: String) -> Bool {
        text.wholeMatch(of: /[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?/) != nil
    }

    @Test func agreesWithDoubleBitForBitOnDecimalText() {
        var texts = ["0", "-0", "007", "0.5", "12.99", "-12.5", "1.", ".5", "-", "", "-.5", "1.2.3", "1_000", "1e5", "1E-2",
                     "+1", " 1", "1 ", "inf", "nan", "0x1p3", "123456789012345", "1234567890123456", "0.000000000000001",
                     "9007199254740993", "999999999999999.9", "0.1", "0.3", "2.675", "1.005",
                     "18446744073709551615", "18446744073709551616", "99999999999999999999", "12345678901234567890.5", "1e400", "-1E-400", "-0.0e0", "1E+2",
                     "-18446744073709551616", String(repeating: "9", count: 400), "0." + String(repeating: "1", count: 400)]
        // Deterministic decimals of 1 to 17 digits with the point anywhere, both signs.
        var state: UInt64 = 0xDEC1
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let digits = Int(state >> 60) + 1 + Int((state >> 56) & 1)
            var text = String(state % 100_000_000_000_000_000).suffix(digits)
            let point = Int((state >> 40) % UInt64(digits + 1))
            if point > 0 && point < text.count { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            texts.append((state >> 39) & 1 == 1 ? "-" + text : String(text))
        }
        // Longer ones, 16 to 60 digits: past what a 64-bit integer holds, so none may be added up as one.
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let count = 16 + Int(state % 45)
            var text = (0..<count).map { index in String((state >> UInt64(index % 60)) % 10) }.joined()
            let point = Int((state >> 20) % UInt64(count + 1))
            if point > 0 && point < count { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            texts.append(text)
        }
        // Exponents, signs and the forms only `Double(_:)` reads.
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let pieces = ["", "+", "-", "0", "7", "12", ".", "5", "e", "E", "x", "X", "p", "a", "f", "1", "-", "+", "n", "i", "09"]
            texts.append((0..<Int(state >> 61) + 1).map { index in pieces[Int((state >> UInt64(index * 5)) % UInt64(pieces.count))] }.joined())
        }
        var decimal = 0
        for text in texts {
            if Self.isDecimal(text) {
                decimal += 1
                #expect(DecimalText.double(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
            } else {
                #expect(DecimalText.double(text) == nil, "\(text)")
            }
        }
        #expect(decimal > 20_000)
    }

    /// SPEC §7.1: a bound string is a number only when written in decimal. `Double(_:)` reads
    /// hexadecimal, infinities and NaN; these are refused. The decimal forms it reads beyond
    /// JSON's (`+5`, `.5`, `5.`, leading zeros) are kept.
    @Test func onlyDecimalTextIsANumber() {
        for text in ["0x10", "0X1A", "0x1p3", "-0x10", "+0x1", "0x", "0x.8p1", "inf", "-inf", "Infinity", "INF", "nan", "NaN",
                     "-nan", "nan(1)", "1e", "e5", "1e+", ".", "+", "-", ".e1", "1,5", " 1", "1 ", "1_000", "\u{661}", "1.2.3", "--1"] {
            #expect(!Self.isDecimal(text), "\(text)")
            #expect(DecimalText.double(text) == nil, "\(text)")
        }
        #expect(["+5", ".5", "5.", "-.5", "007", "5.E3", "1e-2", "+1E+2", "0.000"].map { DecimalText.double($0) }
                == [5, 0.5, 5, -0.5, 7, 5000, 0.01, 100, 0])
    }
}
