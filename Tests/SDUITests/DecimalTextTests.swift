import Testing
@testable import SDUI

/// The short road for plain decimals must answer bit for bit what `Double(_:)` answers, and
/// leave every other text to it.
@Suite struct DecimalTextTests {
    @Test func agreesWithDoubleBitForBit() {
        var texts = ["0", "-0", "007", "0.5", "12.99", "-12.5", "1.", ".5", "-", "", "-.5", "1.2.3", "1_000", "1e5", "1E-2",
                     "+1", " 1", "1 ", "inf", "nan", "0x1p3", "123456789012345", "1234567890123456", "0.000000000000001",
                     "9007199254740993", "999999999999999.9", "0.1", "0.3", "2.675", "1.005",
                     "18446744073709551615", "18446744073709551616", "99999999999999999999", "12345678901234567890.5",
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
        for text in texts {
            #expect(DecimalText.double(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }
}
