import Foundation
import Logging
import Testing
@testable import Trellis

/// The JSON log handler's lines (SPEC §13): one object with `ts`, `level`, `msg`, the label and
/// the metadata, every string escaped so any JSON parser reads it back exactly.
@Suite struct JSONLogHandlerTests {
    static let time = Date(timeIntervalSince1970: 1_795_297_860.123)

    static func parsed(_ line: borrowing LogLine) throws -> [String: Any] {
        let text = line.text
        #expect(text.hasSuffix("}\n") && text.filter { $0 == "\n" }.count == 1)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func controlCharactersQuotesAndBackslashesRoundTrip() throws {
        let message = "file:pages/a.json: \"bad\" \\ value\n\ttab\r\u{0}\u{1}\u{1F}\u{7F} é ✓ </script>"
        let line = JSONLogHandler.line(level: .error, message: message, label: "trellis",
                                       metadata: ["path": "a\"b", "msg": "mine"], at: Self.time)
        #expect(!line.text.dropLast().contains("\n") && !line.text.contains("\u{0}") && !line.text.contains("\u{7F}"))
        let object = try Self.parsed(line)
        #expect(object["msg"] as? String == message && object["level"] as? String == "error")
        #expect(object["ts"] as? String == "2026-11-21T21:51:00.123Z" && object["logger"] as? String == "trellis")
        #expect(object["path"] as? String == "a\"b" && object["_msg"] as? String == "mine")
    }

    @Test func nestedMetadataBecomesArraysAndObjects() throws {
        let line = JSONLogHandler.line(level: .info, message: "m", label: "l", error: "boom",
                                       metadata: ["list": ["a", "b\n"], "map": ["k": "v", "n": .stringConvertible(3)], "empty": [:]],
                                       at: Self.time)
        let object = try Self.parsed(line)
        #expect(object["list"] as? [String] == ["a", "b\n"] && object["error"] as? String == "boom")
        #expect(object["map"] as? [String: String] == ["k": "v", "n": "3"] && (object["empty"] as? [String: Any])?.isEmpty == true)
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() throws {
        var line = LogLine(capacity: 8, format: .json)
        line.begin()
        let bytes: [UInt8] = Array("ios/".utf8) + [0xFF, 0xC3, 0x22] + Array("x".utf8)
        bytes.withUnsafeBufferPointer { line.field("client", bytes: $0) }
        line.end()
        let object = try Self.parsed(line)
        #expect(object["client"] as? String == "ios/\u{FFFD}\u{FFFD}\"x")
    }

    @Test func textValuesFromBytesStayLogfmt() {
        var line = LogLine(capacity: 8)
        for value in ["ios/5.2.0", "web/1 beta", "caf\u{E9}"] {
            var value = value
            value.withUTF8 { line.field("client", bytes: $0) }
        }
        [UInt8]([0x61, 0xFF]).withUnsafeBufferPointer { line.field("device", bytes: $0) }
        #expect(line.text == "client=ios/5.2.0 client=\"web/1 beta\" client=caf\u{E9} device=a\u{FFFD}")
    }
}
