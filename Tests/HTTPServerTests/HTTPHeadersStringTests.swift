import Testing
import TestSupport
@testable import HTTPServer

/// A value (or name) becomes a `String` by copying its bytes in whole; its twin is
/// `String(decoding:as:)`, which repairs bytes that are not UTF-8: on generated values of every
/// length around the inline limit (ASCII, multi-byte scalars, lone, truncated and overlong
/// sequences), both give the same string through every reader that makes one.
@Suite("HTTPHeaders: values as strings")
struct HTTPHeadersStringTests {
    @Test func aValueIsItsBytesDecodedAndRepaired() {
        var random = SeededGenerator(seed: 0x57A1)
        let pieces: [[UInt8]] = [Array("a".utf8), Array("ios/5.2.0".utf8), Array(" ,;".utf8), Array("é".utf8), Array("€".utf8),
                                 Array("😀".utf8), [0x80], [0xC3], [0xC0, 0xAF], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xFF], [0x7F]]
        var repaired = 0
        for _ in 0..<GeneratedCases.count(default: 5_000) {
            let value = (0..<Int.random(in: 0...8, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
            var headers = HTTPHeaders()
            headers.add("X-V", bytes: value)
            headers.add("x-v", bytes: value.reversed())
            let expected = String(decoding: value, as: UTF8.self), second = String(decoding: value.reversed(), as: UTF8.self)
            #expect(headers["X-V"] == expected, "\(value)")
            #expect(headers.values("x-v") == [expected, second], "\(value)")
            #expect(headers.combinedValue("X-V") == expected + ", " + second, "\(value)")
            #expect(Array(headers).map(\.value) == [expected, second], "\(value)")
            if String(validating: value, as: UTF8.self) == nil { repaired += 1 }
        }
        #expect(repaired > 100)
    }
}
