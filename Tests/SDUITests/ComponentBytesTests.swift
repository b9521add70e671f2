import Testing
import TestSupport

@testable import SDUI

/// The oracle of `ComponentBytes.idToken` (STYLE.md: a fast path has an oracle): on components
/// written as the assembler writes them, with generated ids (quotes, backslashes, control
/// characters, non-ASCII text), the id token read off the bytes is the id parsed from them,
/// encoded again; and bytes that don't begin with an id have none.
@Suite struct ComponentBytesTests {
    static let cases = GeneratedCases.count(default: 5_000)
    /// The scalars ids are drawn from: plain text, what JSON escapes, and multi-byte UTF-8.
    static let scalars: [Unicode.Scalar] = [
        "a", "z", "0", "-", " ", "\"", "\\", "/", "\n", "\u{01}", "\u{1F}", "é", "\u{301}", "€", "😀",
    ]

    @Test func theIdTokenIsTheParsedIdEncodedAgain() throws {
        var random = SeededGenerator(seed: 34)
        for _ in 0..<Self.cases {
            var id = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &random) { id.append(Self.scalars.randomElement(using: &random)!) }
            var writer = JSONWriter()
            Assembler.writeHead(id: String(id), nameBytes: Array(#""text""#.utf8), into: &writer)
            writer.appendRaw(Array(#""text":"x"}}"#.utf8))
            let body = writer.bytes
            let parsed = try #require(try JSONParser.parse(body)["id"]?.stringValue)
            #expect(ComponentBytes.idToken(body).map(Array.init) == JSONWriter.encode(.string(parsed)),
                    "\(String(decoding: body, as: UTF8.self))")
        }
    }

    @Test func bytesThatDontBeginWithAnIdHaveNone() {
        for body in [#"[]"#, #"{"type":"text","id":"a"}"#, #"{"id":1}"#, #"{"id":"unterminated"#, #"{"id":"a\"#, ""] {
            #expect(ComponentBytes.idToken(Array(body.utf8)) == nil, "\(body)")
        }
    }
}
