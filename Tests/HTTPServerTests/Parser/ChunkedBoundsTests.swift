import Testing
@testable import HTTPServer

/// SPEC §4.4: whatever a client sends in a chunked body, what the parser needs kept is bounded.
@Suite("Parser: chunked body bounds")
struct ChunkedBoundsTests {
    static let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
    /// The attack: one data byte per chunk behind a 4,000-byte extension.
    static let attackChunk = Array(("1;" + String(repeating: "e", count: 4000) + "\r\nX\r\n").utf8)

    @Test func aCompleteOverLongChunkLineIsRefused() {
        let line = "1;" + String(repeating: "e", count: 60_000)
        #expect(parseOnce(Self.head + line + "\r\nX\r\n0\r\n\r\n").errorStatus == 400)
    }

    @Test func theChunkLineLimitIsInclusive() {
        let exact = "1;" + String(repeating: "e", count: ChunkedDecoder.maxChunkLine - 2)
        #expect(parseOnce(Self.head + exact + "\r\nX\r\n0\r\n\r\n").request?.body == Array("X".utf8))
        #expect(parseOnce(Self.head + exact + "e\r\nX\r\n0\r\n\r\n").errorStatus == 400)
    }

    @Test func anIncompleteOverLongChunkLineIsRefusedBeforeItEnds() {
        var parser = RequestParser()
        let partial = Self.head + "1;" + String(repeating: "e", count: ChunkedDecoder.maxChunkLine)
        #expect(parser.parse(Array(partial.utf8)).errorStatus == 400)
    }

    @Test func repeatedExtensionsAreRefusedOnceOverTheFramingBudget() {
        let (result, chunks, _) = parseStreamed(head: Self.head, chunks: Array(repeating: Self.attackChunk, count: 1000))
        #expect(result.errorStatus == 413)
        // Each chunk costs 4,004 framing bytes less an allowance of 18: the 32 KiB budget
        // (--max-header-bytes) runs out at the ninth chunk.
        #expect(chunks == 9)
    }

    @Test func theFramingBudgetIsTheHeaderBytesLimit() {
        let limits = RequestLimits(maxHeaderBytes: 100_000)
        let (result, chunks, _) = parseStreamed(
            head: Self.head, chunks: Array(repeating: Self.attackChunk, count: 1000), limits: limits)
        #expect(result.errorStatus == 413)
        #expect(chunks == 26)
    }

    @Test func oneByteChunksNeverRunOutOfBudget() {
        let body = Array(repeating: Array("1;e=v\r\nX\r\n".utf8), count: 20_000) + [Array("0\r\n\r\n".utf8)]
        let (result, _, _) = parseStreamed(head: Self.head, chunks: body)
        #expect(result.request?.body.count == 20_000)
    }

    @Test func theAttackFedInPiecesKeepsAtMostOneChunkLineBuffered() {
        let (result, _, maxKept) = parseStreamed(
            head: Self.head, chunks: Array(repeating: Self.attackChunk, count: 1000), pieceSize: 1000)
        #expect(result.errorStatus == 413)
        #expect(maxKept <= ChunkedDecoder.maxChunkLine + 2 + 1000)
    }

    @Test func aLargeValidBodyIsDecodedWithoutKeepingItsRawBytes() {
        // 256 chunks of 4 KiB with an extension each: 1 MiB decoded, raw bytes dropped as read.
        let chunk = Array("1000;name=\"value\"\r\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 4096) + Array("\r\n".utf8)
        let body = Array(repeating: chunk, count: 256) + [Array("0\r\nT: 1\r\n\r\n".utf8)]
        let (result, _, maxKept) = parseStreamed(head: Self.head, chunks: body, pieceSize: 1500)
        #expect(result.request?.body.count == 1 << 20)
        #expect(maxKept <= ChunkedDecoder.maxChunkLine + 2 + 1500)
    }

    @Test func trailersShareTheFramingBudget() {
        let limits = RequestLimits(maxHeaderBytes: 64)
        // The last chunk's line is within its allowance; the field line and its CRLF use 64 bytes.
        let fits = "0\r\nT: " + String(repeating: "v", count: 64 - 5) + "\r\n\r\n"
        #expect(parseOnce(Self.head + fits, limits: limits).request != nil)
        let over = "0\r\nT: " + String(repeating: "v", count: 64 - 4) + "\r\n\r\n"
        #expect(parseOnce(Self.head + over, limits: limits).errorStatus == 431)
        // An incomplete trailer line is refused as soon as it can't fit.
        var parser = RequestParser(limits: limits)
        #expect(parser.parse(Array((Self.head + "0\r\nT: " + String(repeating: "v", count: 80)).utf8)).errorStatus == 431)
    }

    @Test(arguments: ["5 \r\n", "5\t\r\n", "5 \t \r\n", "5;a \r\n", "5;a=b \r\n", "5;\r\n", "5;a=\r\n", "5;a b\r\n",
                      "5;a=\"x\r\n", "5;a=\"x\" y\r\n", "5;=b\r\n", "5 5\r\n", "5;a=b;\r\n"])
    func malformedChunkSizeLinesAre400(_ line: String) {
        #expect(parseOnce(Self.head + line + "Hello\r\n0\r\n\r\n").errorStatus == 400, "\(line.debugDescription)")
    }

    @Test(arguments: ["5 ;a\r\n", "5\t;a=b\r\n", "5 ; a = b\r\n", "5;a=\"q \\\" ;x\";b\r\n", "0005;a;b=c\r\n",
                      "0000000000000005\r\n", String(repeating: "0", count: 100) + "5\r\n"])
    func extensionsWithinTheGrammarAreAccepted(_ line: String) {
        #expect(parseOnce(Self.head + line + "Hello\r\n0\r\n\r\n").request?.body == Array("Hello".utf8), "\(line.debugDescription)")
    }

    /// A size is read whatever its leading zeros (RFC 9112's `1*HEXDIG`); past 15 digits after
    /// them it can't be held, and is refused.
    @Test func leadingZerosDontCountTowardTheSizesDigits() {
        func size(_ text: String) -> Int? { Array(text.utf8).withUnsafeBufferPointer { ChunkLine.size($0) } }
        let zeros = String(repeating: "0", count: 30)
        #expect(size(zeros + "fffffffffffffff") == 0xfff_ffff_ffff_ffff)
        #expect(size(zeros + "1000000000000000") == nil)
        #expect(size(zeros) == 0)
    }
}

/// Streams `head` then `chunks` as a connection does: appends `pieceSize` bytes at a time to
/// its input, parses, and drops the bytes the parser releases. Returns the last result, how many
/// chunks had been fed when it came, and the most input bytes kept after any parse.
func parseStreamed(
    head: String, chunks: [[UInt8]], pieceSize: Int? = nil, limits: RequestLimits = RequestLimits()
) -> (result: RequestParser.Result, chunks: Int, maxKept: Int) {
    var parser = RequestParser(limits: limits)
    var input = Array(head.utf8)
    var maxKept = 0
    var result = parser.parse(input)
    for (index, chunk) in chunks.enumerated() {
        var offset = 0
        while offset < chunk.count, result.isNeedMore {
            let end = min(chunk.count, offset + (pieceSize ?? chunk.count))
            input += chunk[offset..<end]
            offset = end
            result = parser.parse(input)
            input.removeFirst(parser.releaseConsumed())
            maxKept = max(maxKept, input.count)
        }
        if !result.isNeedMore { return (result, index + 1, maxKept) }
    }
    return (result, chunks.count, maxKept)
}
