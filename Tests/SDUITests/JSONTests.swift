import Foundation
import Synchronization
import Testing
import TestSupport
@testable import SDUI

@Suite struct JSONParserTests {
    /// A string literal without escapes is read as its bytes when they are all ASCII and
    /// validated as UTF-8 otherwise: on generated literals (ASCII, two- to four-byte scalars,
    /// lone continuation bytes, overlong and truncated sequences), the parse gives what
    /// `String(validating:)` gives the bytes, or an error where it gives nil.
    @Test func aStringIsItsBytesValidatedAsUTF8() {
        var random = SeededGenerator(seed: 0x150A)
        let pieces: [[UInt8]] = [Array("a".utf8), Array("Zz 09/".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8),
                                 [0x80], [0xC3], [0xC0, 0xAF], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0x7F]]
        var invalid = 0
        for _ in 0..<GeneratedCases.count(default: 5_000) {
            let bytes = (0..<Int.random(in: 0...6, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
            let parsed = try? JSONParser.parse([0x22] + bytes + [0x22])
            let expected = String(validating: bytes, as: UTF8.self).map(JSONValue.string)
            #expect(parsed == expected, "\(bytes)")
            if expected == nil { invalid += 1 }
        }
        #expect(invalid > 100)
    }

    @Test func keepsKeyOrderAndNumberLiterals() throws {
        let text = #"{"z":1,"a":1.0,"m":[true,false,null,-0.5e+3],"s":"x"}"#
        let value = try JSONParser.parse(text)
        #expect(value.objectValue?.keys == ["z", "a", "m", "s"])
        #expect(value["a"] == .number("1.0"))
        #expect(JSONWriter.encode(value) == Array(text.utf8))
    }

    @Test func compactsWhitespaceAndKeepsUnicodeRaw() throws {
        let value = try JSONParser.parse("{ \"t\" : \"Sale — 40% off €/x\" ,\n \"u\": \"\\u00e9\\ud83d\\ude00\" }")
        #expect(String(decoding: JSONWriter.encode(value), as: UTF8.self) == #"{"t":"Sale — 40% off €/x","u":"é😀"}"#)
    }

    @Test func escapesControlCharactersQuotesAndBackslashes() {
        let value = JSONValue.string("a\"b\\c\nd\u{01}e\tf/")
        #expect(String(decoding: JSONWriter.encode(value), as: UTF8.self) == #""a\"b\\c\nd\u0001e\tf/""#)
    }

    @Test(arguments: [
        ("{\"a\":1,}", 1, 8),
        ("{\n  \"a\": tru\n}", 2, 8),
        ("[1, 2", 1, 6),
        ("{\"a\":1,\"a\":2}", 1, 8),
        ("01", 1, 2),
        ("\"abc", 1, 5),
        ("[1.]", 1, 4),
        ("{} x", 1, 4),
        ("\"\\x\"", 1, 3),
        ("\"\\ud800\"", 1, 8),
    ])
    func reportsLineAndColumn(text: String, line: Int, column: Int) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
        }
    }

    @Test func rejectsDuplicateKeysByName() {
        #expect(throws: JSONParseError(line: 1, column: 8, message: "duplicate key \"a\"")) {
            try JSONParser.parse("{\"a\":1,\"a\":2}")
        }
    }

    @Test func rejectsDeepNestingWithoutCrashing() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
    }

    /// `depth` arrays and objects, alternating, around `1`.
    static func nested(_ depth: Int) -> String {
        (0..<depth).reduce("1") { inner, level in level.isMultiple(of: 2) ? "[\(inner)]" : "{\"k\":\(inner)}" }
    }

    @Test func acceptsNestingUpToTheDefaultDepthAndNamesItBeyond() throws {
        #expect(JSONParser.defaultMaxDepth == 256)
        _ = try JSONParser.parse(Self.nested(256))
        #expect(throws: JSONParseError(line: 1, column: 257, message: "nesting deeper than 256")) {
            try JSONParser.parse(String(repeating: "[", count: 257) + String(repeating: "]", count: 257))
        }
    }

    @Test func takesATighterDepthLimitFromTheCaller() throws {
        _ = try JSONParser.parse(Array(Self.nested(64).utf8), maxDepth: 64)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array(Self.nested(65).utf8), maxDepth: 64) }
        #expect(throws: JSONParseError(line: 1, column: 1, message: "nesting deeper than 0")) {
            try JSONParser.parse(Array("[]".utf8), maxDepth: 0)
        }
        #expect(try JSONParser.parse(Array("7".utf8), maxDepth: 0) == .number("7"))
    }

    /// The deepest value accepted parses, and a million open brackets fail, within 1 MiB of
    /// stack (an eighth of a Linux thread's default): the depth limit, not the stack, ends deep
    /// input, even in a debug build.
    @Test func deepInputNeverOverflowsASmallStack() {
        let outcome = Mutex<(deepest: Bool, million: Bool)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let deepest = (try? JSONParser.parse(Self.nested(JSONParser.defaultMaxDepth))) != nil
            let million = (try? JSONParser.parse([UInt8](repeating: UInt8(ascii: "["), count: 1_000_000))) == nil
            outcome.withLock { $0 = (deepest, million) }
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
        done.wait()
        #expect(outcome.withLock { $0 }! == (deepest: true, million: true))
    }

    @Test func matchesPythonCompactEncodingOfTheBenchPage() throws {
        let bench = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/bench").standardized
        guard let source = FileManager.default.contents(atPath: bench.path + "/Pages/pages/home.json"),
              let expected = FileManager.default.contents(atPath: bench.path + "/payload/home.json")
        else { return }  // shared/ sits beside every checkout in CI; skip quietly elsewhere
        let page = try JSONParser.parse(Array(source))
        #expect(JSONWriter.encode(try #require(page["root"])) == Array(expected))
    }
}

@Suite struct SemanticVersionTests {
    @Test(arguments: ["1.0.0", "0.0.0", "10.20.30", "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-0.3.7", "1.0.0+build.1", "1.0.0-rc.1+b",
                       "1.0.0-0a", "1.0.0-a-b.c+d-e.01", "18446744073709551615.0.0"])
    func parsesValid(text: String) {
        #expect(SemanticVersion(text) != nil)
    }

    @Test(arguments: ["", "1", "1.0", "1.0.0.0", "01.0.0", "1.0.0-", "1.0.0-01", "1.0.0+", "1.0.0-a..b", "v1.0.0", "1.0.0 ", "-1.0.0", "1.0.0-é",
                       "18446744073709551616.0.0", "1.0.0+a+b", "1.2-3.4", "1.0.0-a+", "1.0.0+a.", "1..0.0", "1.0.0-+a"])
    func rejectsMalformed(text: String) {
        #expect(SemanticVersion(text) == nil)
    }

    @Test func ordersBySemVerPrecedence() throws {
        let ordered = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
                       "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1", "1.2.0", "2.0.0"]
        let versions = try ordered.map { try #require(SemanticVersion($0)) }
        for (a, b) in zip(versions, versions.dropFirst()) { #expect(a < b, "\(a) < \(b)") }
        #expect(SemanticVersion("4.0.0-beta")! < SemanticVersion("4.0.0")!)
        #expect(SemanticVersion("1.0.0+a") == SemanticVersion("1.0.0+b"))
    }

    @Test func parsesClientVersionHeader() {
        #expect(ClientVersion(header: "ios/5.2.0") == ClientVersion(platform: .ios, version: SemanticVersion("5.2.0")!))
        for bad in ["", "ios", "ios/", "/5.0.0", "iOS/5.0.0", "windows/1.0.0", "ios/5.0", "ios/5.0.0/x", " ios/5.0.0"] {
            #expect(ClientVersion(header: bad) == nil, "\(bad)")
        }
    }
}
