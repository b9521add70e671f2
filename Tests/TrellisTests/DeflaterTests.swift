import CZlib
import Dispatch
import SDUI
import Synchronization
import Testing
@testable import Trellis

/// The reused deflate streams: the bytes of a fresh `deflateInit2` stream per body, for any
/// number of threads at once, and zlib's errors still named.
@Suite struct DeflaterTests {
    /// 200 KB of JSON-like text: several 16 KB slices and 32 KB windows.
    static let json = Array((0..<5000).map { "{\"id\":\($0),\"name\":\"item \($0 * 7 % 1000)\",\"on\":\($0 % 3 == 0)}," }.joined().utf8)

    static func hex(_ bytes: [UInt8]) -> String { SHA256.hex(SHA256.digest(bytes)) }

    /// SHA-256 of `json` compressed by a fresh stream and one `Z_FINISH` call (the code before
    /// streams were reused), zlib 1.3.
    @Test(arguments: [
        (Int32(1), "371e10fbcacea1db046f1edd244b4700356fcadb7b8ac5713cc206d23dd2b8b0"),
        (3, "783d749d5bae2d45b3d867e06899e07d4021dc9afeb8f17f9e58adfed1784174"),
        (6, "b7a4ec882ce731bbf5a82ef8ec171e9a0609f17e4ff6217a0c0afd3c6e09e494"),
        (9, "47bc609ddec347c01260036d8dfdf3f4a19901d1ef824cac7b2475e659b6e89f"),
    ])
    func outputIsTheBytesOfAFreshStream(level: Int32, digest: String) throws {
        let deflater = try Deflater(level: level)
        _ = try deflater.compress(Array(Self.json.reversed()))  // a body before: the reset must leave nothing behind
        #expect(Self.hex(try deflater.compress(Self.json)) == digest)
        #expect(Self.hex(try Gzip.compress(Self.json, level: level)) == digest)
    }

    @Test(arguments: [0, 1, 1023, 16384, 16385, 70_000])
    func levelZeroStoresAsOneCallDid(size: Int) throws {
        let body = Array(Self.json.prefix(size))
        let stored = try Deflater(level: 0).compress(body)
        // One stored block per 64 KB: 5 bytes of block header each, 10 of gzip header, 8 of trailer.
        #expect(stored.count == 18 + body.count + 5 * max(1, (body.count + 65534) / 65535))
        #expect(try Gzip.decompress(stored, limit: body.count) == body)
    }

    @Test func theObserverSeesTheWholeBodyInOrder() throws {
        var seen: [UInt8] = []
        let compressed = try Gzip.compress(Self.json) { seen.append(contentsOf: $0) }
        #expect(seen == Self.json)
        #expect(try Gzip.decompress(compressed, limit: Self.json.count) == Self.json)
    }

    @Test func manyThreadsCompressingAtOnceGetTheirOwnBodies() throws {
        let pool = DeflaterPool(level: Gzip.cachedLevel, capacity: 3)
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 48) { index in
            let body = Array(Self.json.dropFirst(index * 997).prefix(20_000 + index * 131))
            let roundTrip = try? pool.withDeflater { deflater throws(GzipError) in
                try Gzip.decompress(deflater.compress(body), limit: body.count)
            }
            if roundTrip != body { failures.withLock { $0 += 1 } }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(pool.idleCount <= 3)
    }

    @Test func aDeflaterIsLentAgainAndThePoolKeepsAtMostItsCapacity() throws {
        let pool = DeflaterPool(level: Gzip.cachedLevel, capacity: 1)
        let first = try pool.withDeflater { ObjectIdentifier($0) }
        #expect(try pool.withDeflater { ObjectIdentifier($0) } == first)
        // Borrowed while another is out: a second deflater, dropped when given back to the full pool.
        let nested = try pool.withDeflater { outer throws(GzipError) in
            try pool.withDeflater { inner in ObjectIdentifier(inner) != ObjectIdentifier(outer) }
        }
        #expect(nested)
        #expect(pool.idleCount == 1)
    }

    @Test func anInvalidLevelReportsZlibsError() {
        let pool = DeflaterPool(level: 42, capacity: 1)
        #expect(throws: GzipError.zlib(call: "deflateInit2", code: Z_STREAM_ERROR, message: nil)) {
            try pool.withDeflater { _ in }
        }
        #expect(pool.idleCount == 0)
    }
}
