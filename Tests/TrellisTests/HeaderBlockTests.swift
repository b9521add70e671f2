import Testing
@testable import Trellis

/// Header blocks written as bytes, joined with their ETag line at their exact size.
@Suite struct HeaderBlockTests {
    @Test func aJoinedBlockEndsWithItsETagLineAndHoldsNoSlack() {
        var common = HeaderBlock(capacity: 512)
        common.add("X-Release", "stable")
        for (weak, lines) in [(false, ""), (true, "Content-Encoding: gzip\r\n")] {
            let joined = weak ? common.joined("Content-Encoding: gzip\r\n", etag: "\"abc\"", weak: true)
                : common.joined(etag: "\"abc\"", weak: false)
            let expected = "X-Release: stable\r\n" + lines + "ETag: " + (weak ? "W/" : "") + "\"abc\"\r\n"
            #expect(String(decoding: joined, as: UTF8.self) == expected)
            #expect(joined.capacity - joined.count < 16, "reserved at its size (malloc's rounding aside)")
        }
    }
}
