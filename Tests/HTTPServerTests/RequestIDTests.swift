import Testing
import TestSupport
@testable import HTTPServer

/// The ids the server makes: 15 lowercase hex digits, written two a byte (`HexPairs`); its twin
/// is `String(radix:)`, zero-padded.
@Suite struct RequestIDTests {
    @Test func anIdIsTheLow60BitsIn15HexDigits() {
        var random = SeededGenerator(seed: 0x1D5)
        for _ in 0..<GeneratedCases.count(default: 5_000) {
            let value = UInt64.random(in: 0...UInt64.max, using: &random) >> UInt64.random(in: 0...63, using: &random)
            let low = String(value & (1 << 60 - 1), radix: 16)
            #expect(RequestID.text(value) == String(repeating: "0", count: RequestID.length - low.count) + low, "\(value)")
        }
    }

    @Test func madeIdsAreNeverMadeTwice() {
        let ids = (0..<1_000).map { _ in RequestID.next() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.utf8.count == RequestID.length && $0.allSatisfy { "0123456789abcdef".contains($0) } })
    }
}
