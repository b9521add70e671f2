import TestSupport
import Testing
@testable import HTTPServer

@Suite("Parser: seeded fuzzing")
struct ParserFuzzTests {
    static let seeds: [[UInt8]] = [
        "GET /a?b=c HTTP/1.1\r\nHost: a\r\nAccept: */*\r\n\r\n",
        "POST /p HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello",
        "POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n0\r\nT: 1\r\n\r\n",
        "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /2 HTTP/1.1\r\nHost: b\r\n\r\n",
        "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n",
        "PUT /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3 ; a = \"q\\\"\"\r\nabc\r\n1\r\nd\r\n0\r\n\r\n",
        "GET http://h:1/p%20q?r=%2F HTTP/1.9\r\nHost: h\r\n\r\n",
    ].map { Array($0.utf8) }
    static let specials: [UInt8] = [13, 10, 0, 58, 32, 9, 0x7F, 0x80, 0xFF, 59, 44]

    static func mutate(_ input: [UInt8], _ rng: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
            case 1: bytes.removeSubrange(at...)
            case 2: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + Int.random(in: 1...20, using: &rng))], at: at)
            case 3: bytes.insert(specials.randomElement(using: &rng)!, at: at)
            case 4: bytes.remove(at: at)
            default: bytes[at] = UInt8.random(in: 0...255, using: &rng)
            }
        }
        return bytes
    }

    /// Parses all requests in `bytes`, also split at a random point (incremental path);
    /// what went wrong, if anything.
    static func exercise(_ bytes: [UInt8], split: Int) -> String? {
        let limits = RequestLimits(maxRequestLine: 64, maxHeaderBytes: 128, maxHeaderCount: 6, maxBody: 64)
        var parser = RequestParser(limits: limits)
        var buffer = Array(bytes[0..<split])
        var pending = bytes[split...]
        for _ in 0..<1000 {
            switch parser.parse(buffer) {
            case .failure:
                return nil
            case .request(let request, let consumed):
                guard consumed > 0 && consumed <= buffer.count else { return "consumed \(consumed) of \(buffer.count)" }
                guard request.body.count <= limits.maxBody else { return "a body of \(request.body.count) bytes" }
                buffer.removeFirst(consumed)
            case .needMore:
                let released = parser.releaseConsumed()
                guard released <= buffer.count else { return "released \(released) of \(buffer.count)" }
                buffer.removeFirst(released)
                guard !pending.isEmpty else { return nil }
                buffer += pending
                pending = []
            }
        }
        return "the parser looped"
    }

    @Test func hundredThousandMutatedAndRandomInputsNeverCrashOrHang() {
        var rng = SeededGenerator(seed: 0x5EED)
        for iteration in 0..<100_000 {
            let bytes: [UInt8]
            if iteration % 10 == 0 {
                bytes = (0..<Int.random(in: 1...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            } else {
                bytes = Self.mutate(Self.seeds[iteration % Self.seeds.count], &rng)
            }
            guard !bytes.isEmpty else { continue }
            let split = Int.random(in: 0...bytes.count, using: &rng)
            if let problem = Self.exercise(bytes, split: split) {
                Issue.record("iteration \(iteration): \(problem); split at \(split); input \(bytes)")
                return
            }
        }
    }
}
