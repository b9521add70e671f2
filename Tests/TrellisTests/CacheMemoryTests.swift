import CLinux
import HTTPServer
import SDUI
import Testing
import TestSupport
@testable import Trellis

/// `--cache-bytes` is honest: what the page cache charges for its entries is what the heap
/// really holds for them (glibc's `mallinfo2`), never less.
@Suite struct CacheMemoryTests {
    /// 1,537 entries: just past a doubling of the cache's index, its worst bookkeeping per entry.
    static let entries = 1537

    /// Fills `cache` with product pages (the sample Pages, `ios/5.2.0`), each under its own key,
    /// charged as the pipeline charges them, then empties it; returns the bytes the heap gave
    /// back and the cost the cache was charged. Measuring the release (a millisecond) rather
    /// than the fill keeps what tests running in parallel allocate meanwhile out of the figure.
    static func fill(_ cache: ResponseCache<CacheKey, Representation>) throws -> (measured: Int, charged: Int) {
        let pipeline = PagePipelineTests.pipeline()
        let request = HTTPRequest(method: "GET", target: "/product/1", headers: HTTPHeaders([("X-Client-Version", "ios/5.2.0")]))
        let requests = (0..<25).map { id in HTTPRequest(method: "GET", target: "/product/\(id + 1)", headers: request.headers) }
        for index in 0..<entries {
            let page = requests[index % requests.count]
            var plan = try pipeline.decide(page)
            // As the cache keeps an entry: its header blocks joined (the pipeline without a cache keeps none).
            let entry = Representation(try #require(pipeline.answer(page, date: TestInstant.date).representation).result)
            plan.params["id"] = "p\(index)"
            let key = CacheKey(generation: 1, plan: plan)
            cache.insert(entry, for: key, cost: PagePipeline.charge(entry, key: key))
        }
        #expect(cache.count == entries)
        let charged = cache.totalCost
        let full = clinux_heap_bytes_in_use()
        cache.removeAll()
        return (full - clinux_heap_bytes_in_use(), charged)
    }

    @Test func theChargedCostCoversWhatTheHeapHoldsAndLittleMore() throws {
        // Other tests allocate and free in parallel: a miss by noise is retried, a real
        // under-count fails every time.
        var attempts: [(measured: Int, charged: Int)] = []
        for _ in 0..<3 {
            let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 40)
            let attempt = try Self.fill(cache)
            attempts.append(attempt)
            if attempt.measured <= attempt.charged, attempt.charged * 4 <= attempt.measured * 5 { return }
        }
        Issue.record("charged vs measured heap bytes per entry: \(attempts.map { ($0.charged / Self.entries, $0.measured / Self.entries) })")
    }

    @Test func aCachedBodyHoldsNoSlackInEitherCoding() throws {
        let outcome = PagePipelineTests.run("/product/1", [("X-Client-Version", "ios/5.2.0")])
        let body = try #require(outcome.representation?.result.body)
        let gzip = try #require(outcome.representation?.gzipBody)
        #expect(body.capacity - body.count <= 64)
        #expect(gzip.capacity - gzip.count <= 64, "zlib's worst-case output buffer is not kept")
    }

    @Test func theCostCountsBuffersByCapacity() throws {
        let outcome = PagePipelineTests.run("/product/1", [("X-Client-Version", "ios/5.2.0")])
        let representation = Representation(try #require(outcome.representation).result)
        let buffers = [representation.result.body, representation.gzipBody ?? [], representation.identityHeaders,
                       representation.gzipHeaders ?? [], representation.notModifiedHeaders(weak: false),
                       representation.notModifiedHeaders(weak: true)]
        #expect(representation.cost >= buffers.reduce(Representation.objectBytes) { $0 + $1.capacity + HeapBytes.allocationOverhead })
    }
}
