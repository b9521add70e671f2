import Testing
import TestSupport

@testable import SDUI

/// `JSONWriter` scans text eight bytes at a time for what needs escaping: at every position,
/// next to any other bytes, it must escape exactly what a byte-by-byte writer escapes.
@Suite struct JSONEscapeTests {
    /// The quoted, escaped JSON string of `text`, one byte at a time.
    static func reference(_ text: String) -> [UInt8] {
        var out = Array("\"".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case 0x08: out += Array(#"\b"#.utf8)
            case 0x0C: out += Array(#"\f"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case ..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
            default: out.append(byte)
            }
        }
        return out + Array("\"".utf8)
    }

    @Test func escapesWhatAByteByByteWriterEscapes() {
        var random = SeededGenerator(seed: 5)
        // Plain letters, the bytes that need escaping, their neighbours and multi-byte text.
        let pieces = ["a", "Z", " ", "\"", "\\", "\n", "\u{1F}", "\u{0}", "\u{7F}", "!", "#", "[", "]", "é", "€", "😀", "\u{20}"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            var writer = JSONWriter()
            writer.writeString(text)
            #expect(writer.bytes == Self.reference(text), "\(Array(text.utf8))")
        }
    }
}
