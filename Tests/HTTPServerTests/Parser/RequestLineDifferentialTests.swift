import Testing
import TestSupport
@testable import HTTPServer

/// The request line's one-pass path (`parseRequestLine`) against its twin, the rules one at a
/// time (`parseRequestLineByRules`), on generated lines: the same request or the same error.
@Suite("Parser: request line, one pass against the rules")
struct RequestLineDifferentialTests {
    /// Generated cases (`GeneratedCases`).
    static let cases = GeneratedCases.count(default: 20_000)

    @Test func theOnePassLineParsesAsTheRulesDo() {
        var random = SeededGenerator(seed: 0x11E5)
        var onePass = 0
        for _ in 0..<Self.cases {
            var bytes = Self.randomLine(&random)
            bytes.withUnsafeMutableBufferPointer { buffer in
                let line = UnsafeBufferPointer(buffer)
                let fast = RequestParser.parseRequestLine(line), rules = RequestParser.parseRequestLineByRules(line)
                #expect(Self.describe(fast) == Self.describe(rules), "\(String(decoding: line, as: UTF8.self))")
                if case .success = rules { onePass += 1 }
            }
        }
        #expect(onePass > Self.cases / 20 && onePass < Self.cases - Self.cases / 20)
    }

    static let methods = ["GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "CONNECT", "TRACE", "PATCH",
                          "get", "GETS", "BREW", "G@T", "", "PRI", "GE"]
    static let targets = ["/", "a", "b", "/p", "=", "&", "~", "%C3%A9", ":", "%2F", "?", "%", "%2", "%zz", "#", "é", "\"",
                          "[", "*", "http://h", "\u{7F}", "\t"]
    static let versions = ["HTTP/1.1", "HTTP/1.1", "HTTP/1.1", "HTTP/1.1", "HTTP/1.0", "HTTP/1.9", "HTTP/2.0", "HTTP/0.9",
                           "http/1.1", "HTTP/1.10", "HTTP/1", ""]
    static let spaces = [" ", " ", " ", " ", " ", " ", " ", " ", "  ", ""]

    /// A request line (without CRLF) of the pieces above: about half are accepted. Also the
    /// generator of `PartialLineTests`.
    static func randomLine(_ random: inout SeededGenerator) -> [UInt8] {
        // Mostly the first, well-formed pieces, so that about half the lines are accepted.
        let target = (0..<Int.random(in: 0...5, using: &random)).map { _ in
            targets[Bool.random(using: &random) ? Int.random(in: 0..<10, using: &random) : Int.random(in: 0..<targets.count, using: &random)]
        }.joined()
        let line = methods.randomElement(using: &random)! + spaces.randomElement(using: &random)!
            + (Int.random(in: 0..<8, using: &random) > 0 ? "/" : "") + target + spaces.randomElement(using: &random)!
            + versions.randomElement(using: &random)!
        return Array(line.utf8)
    }

    /// What a parse gave, as text to compare: the request's method, path, query, target and
    /// version, or the error's status, code and message.
    static func describe(_ result: Result<HTTPRequest, HTTPError>) -> String {
        switch result {
        case .success(let request):
            "\(request.method) \(request.path) \(request.query ?? "<nil>") \(request.target) \(request.version)"
        case .failure(let error):
            "\(error.status) \(error.code) \(error.message)"
        }
    }
}
