import Foundation
import Testing
import TestSupport
@testable import HTTPServer

/// Header look-ups skip a name no field's length-and-initial key can match (one bit per key in
/// a word) and pass over fields by that key before comparing names: these pin the cases where
/// the key agrees and the names still differ, or differ only in case, and compare every reader
/// with a plain pass over the fields on generated lists.
@Suite("HTTPHeaders: look-up")
struct HTTPHeadersLookupTests {
    @Test func fieldsOfTheSameLengthAndInitialAreComparedWhole() {
        let headers = HTTPHeaders([("X-Aa", "1"), ("x-ab", "2"), ("Y-AB", "3"), ("X-AB", "4")])
        #expect(headers["X-AA"] == "1")
        #expect(headers.values("x-Ab") == ["2", "4"])
        #expect(headers["y-ab"] == "3")
        #expect(headers["X-A"] == nil && headers["X-Aab"] == nil && headers["Z-AB"] == nil)
        #expect(headers.count(of: "X-AB") == 2 && headers.combinedValue("x-ab") == "2, 4")
        #expect(headers.withFirstValue(of: "x-AB") { $0.map { String(decoding: $0, as: UTF8.self) } } == "2")
        #expect(headers.withFirstValue(of: "X-A") { $0 == nil })
        #expect(headers.withCombinedValue(of: "x-ab") { $0.map(Array.init) } == Array("2, 4".utf8))
        #expect(headers.withCombinedValue(of: "y-AB") { $0.map(Array.init) } == Array("3".utf8))
        #expect(headers.withCombinedValue(of: "X-A") { $0 == nil })
    }

    @Test func initialsThatDifferOnlyInTheCaseBitButAreNotLettersStayDifferent() {
        // `^` (0x5E) and `~` (0x7E) are both token characters and share the key's initial.
        let headers = HTTPHeaders([("~X", "tilde"), ("^X", "caret"), ("1a", "digit")])
        #expect(headers["^x"] == "caret" && headers["~x"] == "tilde")
        #expect(headers["1A"] == "digit" && headers["\u{11}a"] == nil)
    }

    @Test func namesFromEveryKindOfStringAreFound() {
        let headers = HTTPHeaders([("X-Client-Capabilities", "a"), ("Host", "h")])
        let bridged = NSString(string: "x-client-capabilities") as String
        let built = String(repeating: "x", count: 1) + "-CLIENT-capabilities"
        #expect(headers[bridged] == "a" && headers[built] == "a" && headers["HOST"] == "h")
        #expect(HTTPHeaders([("", "empty name")])[""] == "empty name" && headers[""] == nil)
    }

    @Test func parsedFieldsWithObsTextAndDuplicatesAreFoundAsSent() throws {
        var bytes = Array("GET / HTTP/1.1\r\nHost: a\r\nX-Name: caf".utf8) + [0xE9]
        bytes += Array("\r\nx-name: second\r\nX-NAMES: other\r\n\r\n".utf8)
        var parser = RequestParser()
        guard case .request(let request, _) = parser.parse(bytes) else {
            Issue.record("the request did not parse")
            return
        }
        #expect(request.headers.values("X-NAME") == ["caf\u{FFFD}", "second"])
        #expect(request.headers["x-names"] == "other" && request.headers.count(of: "x-name") == 2)
        // The combined value's bytes are as sent; its `String` repairs them.
        let sent = Array("caf".utf8) + [0xE9] + Array(", second".utf8)
        #expect(request.headers.withCombinedValue(of: "x-name") { $0.map(Array.init) } == sent)
        #expect(request.headers.combinedValue("x-name") == "caf\u{FFFD}, second")
    }

    @Test func everyReaderAgreesWithAPlainPassOverTheFields() {
        var random = SeededGenerator(seed: 0x4EAD)
        // Names that share lengths, initials, key bits or all but case, and ones never sent.
        let names = ["Host", "host", "HOST", "Hosu", "Accept", "Accept-Encoding", "accept-language", "Authorization",
                     "Content-Type", "Content-Length", "Cookie", "Origin", "X-Request-Id", "x-request-ID", "X-Device-Id",
                     "X-AB-Variant", "X-Release", "If-None-Match", "traceparent", "A", "a", "~", "^", "1", "X-Client-Version",
                     "X-Client-Capabilities", "Idempotency-Key", "Expect", "Connection", "Transfer-Encoding", "Forwarded"]
        func plain(_ headers: HTTPHeaders, _ name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        }
        for round in 0..<GeneratedCases.count(default: 2_000) {
            var headers = HTTPHeaders()
            for index in 0..<Int.random(in: 0...12, using: &random) {
                headers.add(names.randomElement(using: &random)!, "v\(index)")
            }
            if round % 3 == 0 {  // emptied storage keeps no trace of earlier names
                headers.removeAll()
                for index in 0..<Int.random(in: 0...3, using: &random) { headers.add(names.randomElement(using: &random)!, "w\(index)") }
            }
            for name in names {
                let expected = plain(headers, name)
                #expect(headers.values(name) == expected, "\(name) in \(Array(headers))")
                #expect(headers[name] == expected.first && headers.contains(name) == !expected.isEmpty)
                #expect(headers.count(of: name) == expected.count)
                #expect(headers.combinedValue(name) == (expected.isEmpty ? nil : expected.joined(separator: ", ")))
            }
        }
    }
}
