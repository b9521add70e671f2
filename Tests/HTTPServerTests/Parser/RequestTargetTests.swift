import Testing
@testable import HTTPServer
import TestSupport

@Suite("Parser: request targets")
struct RequestTargetTests {
    /// Generated cases of the differential test below (`GeneratedCases`).
    static let cases = GeneratedCases.count(default: 20_000)

    static func parseTarget(_ target: String, method: String = "GET") -> RequestParser.Result {
        parseOnce("\(method) \(target) HTTP/1.1\r\nHost: a\r\n\r\n")
    }

    @Test(arguments: ["\"", "\\", "<", ">", "{", "}", "|", "^", "`", "[", "]", "\u{7F}", "\u{1}", "\u{e9}"])
    func bytesRFC3986DoesNotAllowAre400(_ byte: String) {
        #expect(Self.parseTarget("/a" + byte + "b").errorStatus == 400, "path \(byte)")
        #expect(Self.parseTarget("/a?q=" + byte).errorStatus == 400, "query \(byte)")
    }

    @Test(arguments: ["/page#top", "/#", "/a?b#c", "http://h/p#f"])
    func aFragmentIs400(_ target: String) throws {
        let error = try #require(Self.parseTarget(target).error)
        #expect(error.status == 400)
        #expect(error.message.contains("fragment"))
    }

    @Test(arguments: ["/a%", "/a%2", "/a%zz", "/a%2g", "/a%zz?q=1", "http://h%zz/", "http://h/a%z?b"])
    func aMalformedPercentEscapeInTheHostOrPathIs400(_ target: String) {
        #expect(Self.parseTarget(target).errorStatus == 400)
    }

    /// The query's escapes are judged by whoever reads a parameter (SPEC §14): an undeclared
    /// `utm=%zz` is ignored, a declared one is the page's 400.
    @Test(arguments: ["/?q=%", "/about?utm=%zz", "/a?b=%2g&c=%C3%A9", "http://h/p?%"])
    func aMalformedPercentEscapeInTheQueryIsLeftToItsReader(_ target: String) {
        #expect(Self.parseTarget(target).request?.target == target)
    }

    @Test(arguments: [
        "/", "/a%20b%2F", "/p/42?x=1&y=%C3%A9", "/-._~!$&'()*+,;=:@/?/?",
        "http://example.com:8080/a?b", "HTTPS://[::1]/", "http://a.b",
    ])
    func targetsRFC3986AllowsAreRouted(_ target: String) {
        #expect(Self.parseTarget(target).request?.target == target)
    }

    @Test(arguments: ["http://user@host/", "http:///p", "http://?q", "ftp://h/", "http:/h/", "h/p", "*x"])
    func otherFormsAndAuthoritiesAre400(_ target: String) {
        #expect(Self.parseTarget(target).errorStatus == 400)
    }

    @Test(arguments: ["GET", "HEAD", "POST"])
    func asteriskFormIsForOptionsOnly(_ method: String) {
        #expect(Self.parseTarget("*", method: method).errorStatus == 400)
        #expect(Self.parseTarget("*", method: "OPTIONS").request?.path == "*")
    }

    /// The one-pass check of an origin-form target against its twin, the rules one at a time,
    /// on generated targets: they accept exactly the same ones.
    @Test func theOnePassCheckAcceptsWhatTheRulesAccept() {
        var random = SeededGenerator(seed: 0x7A26)
        let pieces = ["/", "a", "%", "%2", "%2F", "%zz", "%g1", "?", "#", "=", "&", "é", " ", "\"", "~", "[", "%C3%A9", "+", ":", "@", "\u{7F}"]
        var accepted = 0
        for _ in 0..<Self.cases {
            let target = "/" + (0..<Int.random(in: 0...7, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            var bytes = Array(target.utf8)
            bytes.withUnsafeMutableBufferPointer { buffer in
                let target = UnsafeBufferPointer(buffer)
                let fast = RequestTarget.originForm(target, from: 0)?.end == target.count, rules = RequestTarget.refusal(target, method: "GET") == nil
                #expect(fast == rules, "\(String(decoding: target, as: UTF8.self))")
                if fast { accepted += 1 }
            }
        }
        #expect(accepted > Self.cases / 20 && accepted < Self.cases - Self.cases / 20)
    }
}
