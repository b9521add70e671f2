import Testing
import TestSupport
@testable import HTTPServer

@Suite("Parser: header fields")
struct HeaderFieldTests {
    static let tchars = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    static let valueChars = "!\" \t#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"

    @Test func headersKeepOrderDuplicatesAndTrimOWS() throws {
        let request = try #require(
            parseOnce("GET / HTTP/1.1\r\nHost: a\r\nX-A:  1 \t\r\nx-a: 2\r\nEmpty:\r\n\r\n").request)
        #expect(request.headers.values("X-A") == ["1", "2"])
        #expect(request.headers["x-A"] == "1")
        #expect(request.headers["Empty"] == "")
        #expect(request.headers.count == 4)
    }

    @Test func everyTokenCharIsAllowedInNames() {
        #expect(parseOnce("GET / HTTP/1.1\r\nHost: a\r\n\(Self.tchars): present\r\n\r\n").request?.headers[Self.tchars] == "present")
    }

    @Test func everyOtherByteInANameIs400() {
        for byte in UInt8(0)...UInt8(255) where !Self.tchars.utf8.contains(byte) && byte != UInt8(ascii: ":") {
            var bytes = Array("GET / HTTP/1.1\r\nHost: a\r\nAb".utf8)
            bytes.append(byte)
            bytes += Array("c: present\r\n\r\n".utf8)
            var parser = RequestParser()
            #expect(parser.parse(bytes).errorStatus == 400, "byte \(byte)")
        }
    }

    @Test func valueBytesAllowedAndRejected() {
        #expect(parseOnce("GET / HTTP/1.1\r\nHost: a\r\nWeird: \(Self.valueChars)x\r\n\r\n").request != nil)
        for byte in UInt8(0)...UInt8(255) where byte != 13 && byte != 10 {
            var bytes = Array("GET / HTTP/1.1\r\nHost: a\r\nWeird: a".utf8)
            bytes.append(byte)
            bytes += Array("b\r\n\r\n".utf8)
            var parser = RequestParser()
            let allowed = byte == 9 || (byte >= 0x20 && byte != 0x7F)
            let result = parser.parse(bytes)
            #expect((result.request != nil) == allowed, "byte \(byte)")
        }
    }

    @Test(arguments: [
        "GET / HTTP/1.1\r\nHost: a\r\nX-A: 1\r\n continued\r\n\r\n",  // obs-fold
        "GET / HTTP/1.1\r\nHost: a\r\nX-A: 1\r\n\tcontinued\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : a\r\n\r\n",  // whitespace before colon
        "GET / HTTP/1.1\r\nHost\t: a\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\n: empty-name\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX: a\rb\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\n",  // no Host on 1.1
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "GET / HTTP/1.0\r\nHost: a\r\nhost: a\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a b\r\n\r\n",  // invalid Host value (RFC 9112 §3.2)
        "GET / HTTP/1.1\r\nHost: a/b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a@b\r\n\r\n",
    ])
    func malformedFieldsAre400(_ text: String) {
        #expect(parseOnce(text).errorStatus == 400)
    }

    @Test(arguments: ["", "example.com", "example.com:8080", "127.0.0.1:80", "[::1]:8080", "xn--bcher-kva.example", "a%20b"])
    func validHostValuesAreAccepted(_ host: String) {
        #expect(parseOnce("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n").request != nil)
    }

    @Test func headerCountLimitIsInclusive() {
        let limits = RequestLimits(maxHeaderCount: 5)
        let four = (0..<4).map { "X-\($0): v\r\n" }.joined()
        #expect(parseOnce("GET / HTTP/1.1\r\nHost: a\r\n\(four)\r\n", limits: limits).request != nil)
        let five = (0..<5).map { "X-\($0): v\r\n" }.joined()
        #expect(parseOnce("GET / HTTP/1.1\r\nHost: a\r\n\(five)\r\n", limits: limits).errorStatus == 431)
    }

    @Test func headerBytesLimitIsInclusive() {
        let limits = RequestLimits(maxHeaderBytes: 100)
        // "Host: a\r\n" is 9 bytes; "X: " + value + "\r\n" is 5 + value.
        let exact = "Host: a\r\nX: " + String(repeating: "v", count: 100 - 9 - 5) + "\r\n"
        #expect(exact.utf8.count == 100)
        #expect(parseOnce("GET / HTTP/1.1\r\n\(exact)\r\n", limits: limits).request != nil)
        let over = "Host: a\r\nX: " + String(repeating: "v", count: 101 - 9 - 5) + "\r\n"
        #expect(parseOnce("GET / HTTP/1.1\r\n\(over)\r\n", limits: limits).errorStatus == 431)
    }

    @Test func headerBytesLimitFailsBeforeTheHeadEnds() {
        var parser = RequestParser(limits: RequestLimits(maxHeaderBytes: 100))
        let text = "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "v", count: 200)
        #expect(parser.parse(Array(text.utf8)).errorStatus == 431)
    }

    @Test func connectionTokensDecideKeepAlive() throws {
        func keepAlive(_ text: String) throws -> Bool { try #require(parseOnce(text).request).wantsKeepAlive }
        #expect(try keepAlive("GET / HTTP/1.1\r\nHost: a\r\n\r\n"))
        #expect(try !keepAlive("GET / HTTP/1.1\r\nHost: a\r\nConnection: foo, CLOSE\r\n\r\n"))
        #expect(try !keepAlive("GET / HTTP/1.0\r\n\r\n"))
        #expect(try keepAlive("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n"))
        #expect(try !keepAlive("GET / HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n"))
    }

    @Test func repeatedFieldsCombineIntoOneListAndSingleFieldsStayAsSent() {
        let headers = HTTPHeaders([("Accept", "a"), ("X-Tag", "one"), ("x-tag", "two, three"), ("Empty", "")])
        #expect(headers.combinedValue("X-TAG") == "one, two, three")
        #expect(headers.combinedValue("accept") == "a")
        #expect(headers.combinedValue("Empty") == "")
        #expect(headers.combinedValue("Missing") == nil)
        #expect(headers.count(of: "x-tag") == 2 && headers.count(of: "Missing") == 0)
    }

    @Test func fieldsIterateInOrderAsStringsAfterBeingStoredAsBytes() {
        var headers = HTTPHeaders()
        headers.add("Host", "example.com")
        headers.add("X-Long-Header-Name-Beyond-Fifteen", "a value longer than fifteen bytes")
        #expect(headers.map(\.name) == ["Host", "X-Long-Header-Name-Beyond-Fifteen"])
        #expect(headers.map(\.value) == ["example.com", "a value longer than fifteen bytes"])
        #expect(headers.values("x-long-header-name-beyond-fifteen") == ["a value longer than fifteen bytes"])
    }

    @Test func namesCompareCaseInsensitivelyForLettersOnly() {
        #expect(HTTPHeaders.equalNames("X-Device-Id", "x-DEVICE-id"))
        #expect(!HTTPHeaders.equalNames("X-Device-Id", "X-Device-Ie"))
        #expect(!HTTPHeaders.equalNames("A-B", "A\rB"))  // '-' and CR differ only in bit 0x20: not letters
        #expect(!HTTPHeaders.equalNames("Host", "Hosts") && HTTPHeaders.equalNames("", ""))
        #expect(HTTPHeaders([("accept-LANGUAGE", "fr")])["Accept-Language"] == "fr")
    }

    /// Names compared eight bytes at a time (`equalNames`) against a byte at a time with ASCII
    /// letters lowercased, on generated pairs: the same name with some letters' case flipped,
    /// or with one byte swapped for its bit-0x20 twin (`-` and CR, `@` and backtick, `[` and
    /// `{`), at every length up to 24.
    @Test func namesCompareAsTheirLowercaseLettersDo() {
        var random = SeededGenerator(seed: 0x4EAD)
        let alphabet = Array("abcXYZ-_@`[{\r09".utf8)
        var equal = 0
        for _ in 0..<GeneratedCases.count(default: 20_000) {
            let name = (0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            var other = name.map { byte in Bool.random(using: &random) ? byte ^ 0x20 : byte }
            if !other.isEmpty, Bool.random(using: &random) { other[Int.random(in: 0..<other.count, using: &random)] ^= 0x20 }
            func lowered(_ bytes: [UInt8]) -> [UInt8] { bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 } }
            let expected = lowered(name) == lowered(other)
            let found = name.withUnsafeBufferPointer { x in other.withUnsafeBufferPointer { y in HTTPHeaders.equalNames(x, y) } }
            #expect(found == expected, "\(name) \(other)")
            if expected { equal += 1 }
        }
        #expect(equal > 100)
    }

    /// A field line parsed in one pass (`HeaderField.parse`) against the grammar's rules a step
    /// at a time, on generated lines (names with and without non-token bytes and colons,
    /// values with tabs, controls, DEL and obs-text, at lengths around eight): the same field
    /// or the same error.
    @Test func aFieldLineParsesAsTheRulesSay() {
        var random = SeededGenerator(seed: 0xF1E1)
        var accepted = 0
        for _ in 0..<GeneratedCases.count(default: 20_000) {
            let line = Self.randomFieldLine(&random)
            guard !line.isEmpty else { continue }
            let parsed = line.withUnsafeBufferPointer { Self.describe(HeaderField.parse($0)) }
            #expect(parsed == line.withUnsafeBufferPointer { Self.describe(Self.parseByRules($0)) }, "\(line)")
            if parsed.hasPrefix("field") { accepted += 1 }
        }
        #expect(accepted > 1_000)
    }

    /// A field line (without CRLF, maybe empty): names with and without non-token bytes and
    /// colons, values with tabs, controls, DEL and obs-text. Also the generator of `PartialLineTests`.
    static func randomFieldLine(_ random: inout SeededGenerator) -> [UInt8] {
        let nameBytes = Array("Ab-1_~:".utf8) + [0x20, 0x7F, 0x22, 0x09]
        let valueBytes = Array("value 12:=,;".utf8) + [0x09, 0x00, 0x1F, 0x7F, 0x80, 0xFF, 0x20, 0x0B]
        var line = (0..<Int.random(in: 0...6, using: &random)).map { _ in nameBytes.randomElement(using: &random)! }
        if Int.random(in: 0..<5, using: &random) > 0 { line.append(UInt8(ascii: ":")) }
        let plain = Bool.random(using: &random)
        line += (0..<Int.random(in: 0...20, using: &random)).map { _ in
            plain ? Array("abc xyz".utf8).randomElement(using: &random)! : valueBytes.randomElement(using: &random)!
        }
        return line
    }

    /// The field-line grammar a rule at a time: no obs-fold, a colon, a token name before the
    /// first colon, and a value (without surrounding SP and HTAB) of HTAB, SP, VCHAR and obs-text.
    static func parseByRules(_ line: UnsafeBufferPointer<UInt8>)
        -> Result<(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>), HTTPError> {
        if line[0] == 0x20 || line[0] == 0x09 { return .failure(.badRequest("Obsolete line folding is not accepted.")) }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return .failure(.badRequest("A header field has no colon.")) }
        let name = UnsafeBufferPointer(rebasing: line[..<colon])
        guard !name.isEmpty, name.allSatisfy({ tchars.utf8.contains($0) }) else {
            return .failure(.badRequest("Invalid header field name."))
        }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            return .failure(.badRequest("Invalid character in a header field value."))
        }
        return .success((name, UnsafeBufferPointer(rebasing: value)))
    }

    static func describe(_ result: Result<(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>), HTTPError>) -> String {
        switch result {
        case .success(let field): "field \(Array(field.name)) \(Array(field.value))"
        case .failure(let error): "error \(error.status) \(error.message)"
        }
    }
}
