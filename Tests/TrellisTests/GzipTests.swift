import CZlib
import Foundation
import TestSupport
import Testing
@testable import Trellis

@Suite struct GzipTests {
    private let text = Array(String(repeating: "{\"type\":\"text\",\"data\":{\"value\":\"hello\"}},", count: 200).utf8)

    @Test func roundTrip() throws {
        let compressed = try Gzip.compress(text)
        #expect(compressed.count < text.count / 4)
        #expect(Array(compressed.prefix(4)) == [0x1F, 0x8B, 0x08, 0x00])
        #expect(try Gzip.decompress(compressed, limit: text.count) == text)
    }

    @Test func emptyInputRoundTrips() throws {
        let compressed = try Gzip.compress([])
        #expect(compressed.count == 20)
        #expect(try Gzip.decompress(compressed, limit: 0) == [])
    }

    @Test func largeInputRoundTrips() throws {
        var generator = SeededGenerator(seed: 42)
        let large = (0..<1_048_576).map { _ in UInt8(truncatingIfNeeded: generator.next() % 16) + 0x41 }
        let compressed = try Gzip.compress(large)
        #expect(try Gzip.decompress(compressed, limit: large.count) == large)
    }

    @Test func sameInputGivesSameBytesWithZeroMtime() throws {
        let first = try Gzip.compress(text)
        #expect(try Gzip.compress(text) == first)
        #expect(Array(first[4..<8]) == [0, 0, 0, 0])
    }

    @Test func readsPythonGzipOutput() throws {
        // python3 -c 'import gzip,sys; sys.stdout.buffer.write(gzip.compress(b"hello trellis\n", mtime=0))'
        let vector: [UInt8] = [
            0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x57,
            0x28, 0x29, 0x02, 0x52, 0x99, 0xC5, 0x5C, 0x00, 0x4F, 0x58, 0x4F, 0x2D, 0x0E, 0x00, 0x00, 0x00,
        ]
        #expect(try Gzip.decompress(vector, limit: 100) == Array("hello trellis\n".utf8))
    }

    @Test func gunzipReadsOurOutput() throws {
        #expect(try gunzip(try Gzip.compress(text)) == text)
    }

    @Test func concatenatedMembersDecompressInOrder() throws {
        let joined = try Gzip.compress(Array("ab".utf8)) + Gzip.compress(Array("cd".utf8))
        #expect(try Gzip.decompress(joined, limit: 10) == Array("abcd".utf8))
    }

    @Test func invalidLevelNamesTheFailingCall() {
        #expect(throws: GzipError.zlib(call: "deflateInit2", code: Z_STREAM_ERROR, message: nil)) {
            try Gzip.compress(text, level: 42)
        }
    }

    @Test func truncatedAndEmptyInputFail() throws {
        let compressed = try Gzip.compress(text)
        #expect(throws: GzipError.truncated) { try Gzip.decompress(Array(compressed.dropLast(9)), limit: 1 << 20) }
        #expect(throws: GzipError.truncated) { try Gzip.decompress([], limit: 1 << 20) }
    }

    @Test func corruptInputReportsInflateError() {
        do {
            _ = try Gzip.decompress(Array("not gzip at all".utf8), limit: 100)
            Issue.record("expected an error")
        } catch {
            guard case let .zlib(call, code, _) = error else { Issue.record("unexpected \(error)"); return }
            #expect(call == "inflate")
            #expect(code == Z_DATA_ERROR)
        }
    }

    @Test func outputLimitIsEnforced() throws {
        let compressed = try Gzip.compress(text)
        #expect(throws: GzipError.outputLimitExceeded(limit: 100)) { try Gzip.decompress(compressed, limit: 100) }
        #expect(try Gzip.decompress(compressed, limit: text.count).count == text.count)
    }

    @Test func descriptionNamesCallAndCode() {
        let error = GzipError.zlib(call: "deflate", code: -2, message: "stream error")
        #expect(error.description == "gzip: deflate returned -2 (stream error)")
    }
}
