import Testing
@testable import Trellis

/// The ETag hashed on the way through gzip is the ETag of the body alone.
@Suite struct EncodedBodyTests {
    @Test(arguments: [0, 1024, 16384, 40_000, 200_000])
    func theTagIsTheBodysAndTheGzipRoundTrips(size: Int) throws {
        let body = Array(DeflaterTests.json.prefix(size))
        let encoded = EncodedBody(body, gzip: true)
        #expect(encoded.etag == ETag.strong(for: body))
        #expect(try Gzip.decompress(#require(encoded.gzip), limit: body.count) == body)
        // A cached entry keeps the gzip body for its lifetime: no room beyond its bytes
        // (Swift rounds a capacity up to what malloc gave, at most a few bytes).
        let gzip = try #require(encoded.gzip)
        #expect(gzip.capacity - gzip.count < 32)
    }

    @Test func withoutGzipOnlyTheTag() {
        let encoded = EncodedBody(Array("hello".utf8), gzip: false)
        #expect(encoded.etag == "\"2cf24dba5fb0a30e26e83b2ac5b9e29e\"")
        #expect(encoded.gzip == nil)
    }
}
