import Testing
import TestSupport
@testable import HTTPServer

/// A line still arriving (`PartialLine`) against the complete line's parser, its oracle: fed in
/// pieces, a request is refused early only when the whole of it is refused, with the same status,
/// and a request the whole of which is accepted is never refused on the way.
@Suite("Parser: lines refused before they end")
struct PartialLineTests {
    /// Bytes `mutate` puts into generated lines: controls, CR, SP, DEL, non-ASCII, `#`, `[`.
    static let specials: [UInt8] = [0, 1, 9, 13, 13, 32, 32, 0x7F, 0x80, 0xFF, 35, 91, 58]

    /// `line` with up to two bytes replaced or inserted, or as it is.
    static func mutate(_ line: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = line
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            let at = Int.random(in: 0...bytes.count, using: &random)
            let byte = specials.randomElement(using: &random)!
            if at < bytes.count, Bool.random(using: &random) { bytes[at] = byte } else { bytes.insert(byte, at: at) }
        }
        return bytes
    }

    /// How a feed ended: a request (its method, target and header count), a status, or needMore;
    /// and after how many bytes it stopped needing more.
    struct Outcome: Equatable, CustomStringConvertible {
        var end: String
        var after: Int
        var description: String { "\(end) after \(after) bytes" }
    }

    static func outcome(_ result: RequestParser.Result, after: Int) -> Outcome {
        switch result {
        case .needMore: Outcome(end: "needMore", after: after)
        case .failure(let error): Outcome(end: "status \(error.status)", after: after)
        case .request(let request, let consumed):
            Outcome(end: "request \(request.method) \(request.target) \(request.headers.count) \(consumed)", after: after)
        }
    }

    /// Feeds `bytes` cut at `cuts` (each call with all bytes so far, as a connection does).
    static func feed(_ bytes: [UInt8], cuts: [Int], limits: RequestLimits) -> Outcome {
        var parser = RequestParser(limits: limits)
        for end in cuts + [bytes.count] where end > 0 {
            let result = parser.parse(Array(bytes[0..<end]))
            if case .needMore = result { continue }
            return outcome(result, after: end)
        }
        return Outcome(end: "needMore", after: bytes.count)
    }

    /// Checks one request against every two-piece split and the byte-by-byte feed; returns
    /// whether some feed was refused before the whole request had arrived.
    static func check(_ bytes: [UInt8], limits: RequestLimits = RequestLimits()) -> Bool {
        let whole = feed(bytes, cuts: [], limits: limits)
        var early = false
        let feeds = [Array(1..<bytes.count)] + (1..<bytes.count).map { [$0] }
        for cuts in feeds {
            let split = feed(bytes, cuts: cuts, limits: limits)
            // Same end: a valid request never refused on the way, a refused one refused alike.
            #expect(split.end == whole.end, "\(bytes) cut at \(cuts.count == 1 ? "\(cuts)" : "every byte"): \(split), whole: \(whole)")
            if split.end != whole.end { return early }
            if split.after < whole.after { early = true }
        }
        return early
    }

    @Test func generatedRequestLinesEndAlikeInEveryFeed() {
        var random = SeededGenerator(seed: 0x9A27)
        var early = 0, accepted = 0
        let cases = GeneratedCases.count(default: 3_000)
        for _ in 0..<cases {
            let generated = RequestLineDifferentialTests.randomLine(&random)
            let line = Bool.random(using: &random) ? generated : Self.mutate(generated, &random)
            let bytes = line + Array("\r\nHost: a\r\n\r\n".utf8)
            if Self.check(bytes) { early += 1 }
            if parseOnce(String(decoding: bytes, as: UTF8.self)).request != nil { accepted += 1 }
        }
        // The generator reaches both sides: accepted lines, and lines refused early.
        #expect(accepted > cases / 30 && early > cases / 10, "accepted \(accepted), refused early \(early)")
    }

    @Test func generatedFieldLinesEndAlikeInEveryFeed() {
        var random = SeededGenerator(seed: 0x9A28)
        var early = 0
        let cases = GeneratedCases.count(default: 3_000)
        for _ in 0..<cases {
            let line = Self.mutate(HeaderFieldTests.randomFieldLine(&random), &random)
            let bytes = Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8) + line + Array("\r\nX: b\r\n\r\n".utf8)
            if Self.check(bytes) { early += 1 }
        }
        #expect(early > cases / 10, "refused early \(early)")
    }

    /// Near the limits: a bad byte before a limit is a 400 however the bytes come, one past it
    /// the limit's 414 or 431.
    @Test func linesAroundTheLimitsEndAlikeInEveryFeed() {
        var random = SeededGenerator(seed: 0x9A29)
        let limits = RequestLimits(maxRequestLine: 24, maxHeaderBytes: 40, maxHeaderCount: 3)
        var statuses = Set<String>()
        for _ in 0..<GeneratedCases.count(default: 1_500) {
            let path = String(repeating: "a", count: Int.random(in: 0...24, using: &random))
            let fields = (0..<Int.random(in: 0...3, using: &random)).map { "X\($0): " + String(repeating: "v", count: Int.random(in: 0...14, using: &random)) + "\r\n" }
            let text = "GET /\(path) HTTP/1.1\r\nHost: a\r\n" + fields.joined() + "\r\n"
            let bytes = Self.mutate(Array(text.utf8), &random)
            _ = Self.check(bytes, limits: limits)
            statuses.insert(Self.feed(bytes, cuts: [], limits: limits).end.prefix(10).description)
        }
        #expect(statuses.isSuperset(of: ["status 400", "status 414", "status 431"]), "\(statuses)")
    }

    /// The audit's cases: refused with 400 before the line's LF, and the whole request too.
    @Test(arguments: [
        "GET\0", "G\0", "GET /\0", "GET \u{80}", "GET /ho\u{1}me", "GET  ", "GET / X", "GET / HTTP/1.1\rX", "GET /\r",
        "\rX", "GET / HTTP/1.10", "GET / HTTP/1.1 ", "G(T", "GET /a#", "GET /a\"",
        "GET /home HTTP/1.1\r\nHost: x\r\n\0", "GET /home HTTP/1.1\r\nHost: x\r\nX-A: a\u{1}",
        "GET /home HTTP/1.1\r\nHost: x\r\nX-A: a\rX", "GET /home HTTP/1.1\r\nHost: x\r\n\rX",
        "GET /home HTTP/1.1\r\nHost: x\r\nX-A: a\u{7F}", "GET /home HTTP/1.1\r\nHost: x\r\nX A",
        "GET /home HTTP/1.1\r\nHost: x\r\n folded", "GET /home HTTP/1.1\r\nHost: x\r\n:",
    ])
    func badLinesAreRefusedBeforeTheyEnd(_ prefix: String) {
        var parser = RequestParser()
        #expect(parser.parse(Array(prefix.utf8)).errorStatus == 400)
        #expect(parseTrickled(Array(prefix.utf8)).errorStatus == 400)
        #expect(parseOnce(prefix + "\r\nHost: a\r\n\r\n").errorStatus == 400)
    }

    /// Prefixes some completion makes valid (or 505, 501, or a target form's 400 after the
    /// version): still waiting.
    @Test(arguments: [
        "G", "GET", "GET ", "GET /", "GET /a?b=%zz", "GET http://[::1]", "GET / ", "GET / HTTP/", "GET / HTTP/2", "GET / HTTP/1.1",
        "GET / HTTP/1.1\r", "\r", "FISH / HTTP/1.1", "GET /%", "GET /%z", "GET *", "GET /home HTTP/1.1\r\nHost: x\r\n\r",
        "GET /home HTTP/1.1\r\nHost: x\r\nX-A: a\r", "GET /home HTTP/1.1\r\nHost: x\r\nX-A: a\t\u{80}", "GET /home HTTP/1.1\r\nHost",
    ])
    func prefixesThatMayStillBeValidWait(_ prefix: String) {
        var parser = RequestParser()
        #expect(parser.parse(Array(prefix.utf8)).isNeedMore)
        #expect(parseTrickled(Array(prefix.utf8)).isNeedMore)
    }

    /// The rules before the version decide on a line's first bytes, so a later 505 can't turn an
    /// early 400 around; the HTTP/2 preface, whose `*` some target may hold, stays a 505.
    @Test func badTargetBytesAndEmptyTargetsComeBeforeTheVersion() {
        #expect(parseOnce("GET /\u{1} HTTP/2.0\r\nHost: a\r\n\r\n").errorStatus == 400)
        #expect(parseOnce("GET /a#b HTTP/3.0\r\nHost: a\r\n\r\n").errorStatus == 400)
        #expect(parseOnce("GET  HTTP/2.0\r\nHost: a\r\n\r\n").errorStatus == 400)
        #expect(parseOnce("PRI * HTTP/2.0\r\n\r\n").errorStatus == 505)
        #expect(parseOnce("GET /%zz HTTP/2.0\r\nHost: a\r\n\r\n").errorStatus == 505)
    }
}
