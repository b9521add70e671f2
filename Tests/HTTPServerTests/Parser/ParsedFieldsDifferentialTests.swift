import Testing
import TestSupport
@testable import HTTPServer

/// The parser keeps a field as offsets into its head's lines, copied in at once when the head
/// ends (`HTTPHeaders.appendPendingField`, `appendHead`), and frames a body by a single
/// `Content-Length` read where it lies: on generated heads, given whole or in pieces, its
/// fields answer every look-up as the same fields added one by one (`add`) do, and the body's
/// framing is what the rule says of the values as text (repeated fields agree as sent, and the
/// first is plain digits).
@Suite("Parser: parsed fields against fields added one by one")
struct ParsedFieldsDifferentialTests {
    static let names = ["X-A", "x-a", "Accept", "ACCEPT", "X-Client-Version", "x-device-id", "A", "~^", "Content-Lengths"]
    static let values = ["", "1", "ios/5.2.0", "a b", "a\tb", "caf\u{E9}", "\"q\"", ",", "gzip, br", "x:y"]
    static let spaces = ["", "", " ", "  ", "\t", " \t"]
    static let lengths = ["3", "3", "3", "03", "4", "", "3 3", "x", "+3", "99999999999999999999"]

    @Test func parsedFieldsAreTheFieldsAddedOneByOne() throws {
        var random = SeededGenerator(seed: 0xF1E1D)
        var framed = 0
        for _ in 0..<GeneratedCases.count(default: 2_000) {
            var fields: [(name: String, value: [UInt8])] = [("Host", Array("a".utf8))]
            var head = Array("POST / HTTP/1.1\r\nHost: a\r\n".utf8)
            for _ in 0..<Int.random(in: 0...10, using: &random) {
                let length = Int.random(in: 0..<4, using: &random) == 0
                let name = length ? (Bool.random(using: &random) ? "Content-Length" : "content-length") : Self.names.randomElement(using: &random)!
                var value = Array((length ? Self.lengths : Self.values).randomElement(using: &random)!.utf8)
                if Int.random(in: 0..<8, using: &random) == 0 { value.append(UInt8.random(in: 0x80...0xFF, using: &random)) }
                head += Array(name.utf8) + Array(":".utf8) + Array(Self.spaces.randomElement(using: &random)!.utf8) + value
                    + Array(Self.spaces.randomElement(using: &random)!.utf8) + Array("\r\n".utf8)
                fields.append((name, value))
            }
            head += Array("\r\n".utf8)
            var expected = HTTPHeaders()
            for field in fields { expected.add(field.name, bytes: field.value) }
            var parser = RequestParser()
            let input = head + Array("abcd".utf8)
            // Half the heads arrive in pieces: each call gets every byte so far, as a connection gives them.
            var arrived = Bool.random(using: &random) ? Int.random(in: 1...24, using: &random) : input.count
            var result = parser.parse(Array(input[..<min(arrived, input.count)]))
            while arrived < input.count, case .needMore = result {
                arrived = min(input.count, arrived + Int.random(in: 1...24, using: &random))
                result = parser.parse(Array(input[..<arrived]))
            }
            let framing = Self.framing(expected)
            guard case .request(let request, let consumed) = result else {
                #expect(framing == nil && result.errorStatus == 400, "\(String(decoding: head, as: UTF8.self))")
                continue
            }
            framed += 1
            #expect(consumed - head.count == framing, "\(String(decoding: head, as: UTF8.self))")
            Self.expectSameAnswers(request.headers, expected, head: head)
        }
        #expect(framed > 500)
    }

    /// The body's length the framing rule gives for `fields` (no body: 0), nil for a 400.
    static func framing(_ fields: HTTPHeaders) -> Int? {
        let lengths = fields.values("Content-Length")
        guard let first = lengths.first else { return 0 }
        guard lengths.allSatisfy({ $0 == first }), let length = HeaderField.contentLength(first.utf8), length <= 4 else { return nil }
        return length
    }

    /// Every look-up of `parsed` answers as `expected`'s does.
    static func expectSameAnswers(_ parsed: HTTPHeaders, _ expected: HTTPHeaders, head: [UInt8]) {
        let text = String(decoding: head, as: UTF8.self)
        #expect(Self.fields(parsed) == Self.fields(expected), "\(text)")
        #expect(parsed.map { "\($0.name): \($0.value)" } == expected.map { "\($0.name): \($0.value)" }, "\(text)")
        for name in Self.names + ["Content-Length", "Host", "absent"] {
            #expect(parsed.valueBytes(name) == expected.valueBytes(name), "\(name) in \(text)")
            #expect(parsed.values(name) == expected.values(name) && parsed[name] == expected[name], "\(name) in \(text)")
            #expect(parsed.combinedValue(name) == expected.combinedValue(name) && parsed.count(of: name) == expected.count(of: name))
            #expect(parsed.withCombinedValue(of: name) { $0.map(Array.init) } == expected.withCombinedValue(of: name) { $0.map(Array.init) })
        }
    }

    /// Each field's name and value bytes, in order.
    static func fields(_ headers: HTTPHeaders) -> [[UInt8]] {
        var all: [[UInt8]] = []
        headers.forEachField { all.append(Array($0) + [0] + Array($1)) }
        return all
    }
}
