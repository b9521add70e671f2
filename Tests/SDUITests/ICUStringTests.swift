import Testing
import TestSupport

@testable import SDUI

/// `ICUString.string` transcodes ICU's UTF-16 output by hand; it must give exactly what the
/// standard library's decoding gives, unpaired surrogates included.
@Suite struct ICUStringTests {
    @Test func transcodesAsTheStandardLibraryDecodes() {
        var random = SeededGenerator(seed: 7)
        // Units from each range that encodes differently: ASCII, 2-byte, 3-byte, high and low
        // surrogates (paired or not), and the top of the BMP.
        let ranges: [ClosedRange<UInt16>] = [0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xD800...0xDBFF, 0xDC00...0xDFFF, 0xE000...0xFFFF]
        for _ in 0..<2_000 {
            let units = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                UInt16.random(in: ranges.randomElement(using: &random)!, using: &random)
            }
            let expected = String(decoding: units, as: UTF16.self)
            let transcoded = units.withUnsafeBufferPointer(ICUString.string)
            #expect(Array(transcoded.utf8) == Array(expected.utf8), "units \(units)")
        }
    }

    @Test func keepsFormattedCurrencyText() {
        // "€24.50" and French "24,50 €" with its narrow no-break space (U+202F).
        for text in ["€24.50", "24,50\u{202F}€", "😀 ok"] {
            let units = Array(text.utf16)
            #expect(units.withUnsafeBufferPointer(ICUString.string) == text)
        }
    }
}
