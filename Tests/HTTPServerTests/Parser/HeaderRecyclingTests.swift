import Testing
@testable import HTTPServer

/// A connection hands each request's header storage back to its parser (`recycle`), so a
/// keep-alive connection allocates none per request; a copy the handler kept is never touched.
@Suite("Parser: header storage reused between requests")
struct HeaderRecyclingTests {
    static func next(_ parser: inout RequestParser, _ text: String) throws -> HTTPRequest {
        guard case .request(let request, _) = parser.parse(Array(text.utf8)) else { throw ParseFailed() }
        return request
    }

    struct ParseFailed: Error {}

    @Test func theNextRequestGetsTheEmptiedStorageAndOnlyItsOwnFields() throws {
        var parser = RequestParser()
        var first = try Self.next(&parser, "GET /1 HTTP/1.1\r\nHost: a\r\nX-One: 1\r\nX-Two: 2\r\n\r\n")
        let capacity = first.headers.capacity
        parser.recycle(&first.headers)
        #expect(first.headers.count == 0 && parser.spareCapacity == capacity.bytes + capacity.fields)
        let second = try Self.next(&parser, "GET /2 HTTP/1.1\r\nHost: b\r\n\r\n")
        #expect(second.headers.count == 1 && second.headers["Host"] == "b" && second.headers["X-One"] == nil)
        #expect(second.headers.capacity == capacity && parser.spareCapacity == 0)
    }

    @Test func aCopyTheHandlerKeptStaysIntact() throws {
        var parser = RequestParser()
        var request = try Self.next(&parser, "GET / HTTP/1.1\r\nHost: a\r\nX-Kept: yes\r\n\r\n")
        let kept = request.headers
        parser.recycle(&request.headers)
        let next = try Self.next(&parser, "GET / HTTP/1.1\r\nHost: other\r\nX-New: 1\r\n\r\n")
        #expect(kept["X-Kept"] == "yes" && kept["Host"] == "a" && kept.count == 2)
        #expect(next["Host"] == "other" && next.headers.count == 2)
    }

    @Test func largeStorageIsFreed() throws {
        var parser = RequestParser()
        let long = String(repeating: "v", count: RequestParser.recycledHeaderBytes)
        var big = try Self.next(&parser, "GET / HTTP/1.1\r\nHost: a\r\nX-Long: \(long)\r\n\r\n")
        parser.recycle(&big.headers)
        #expect(parser.spareCapacity == 0 && big.headers["X-Long"] == long)
        var small = try Self.next(&parser, "GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        parser.recycle(&small.headers)
        #expect(parser.spareCapacity > 0)
    }

    /// `isAtStart` decides whether a connection's work storage may serve another connection.
    @Test func theParserIsAtStartOnlyBetweenRequestsAndNeverAfterAFailure() throws {
        var parser = RequestParser()
        #expect(parser.isAtStart)
        guard case .needMore = parser.parse(Array("GET / HT".utf8)) else { throw ParseFailed() }
        #expect(!parser.isAtStart)
        _ = try Self.next(&parser, "GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(parser.isAtStart)
        guard case .failure = parser.parse(Array("\n".utf8)) else { throw ParseFailed() }
        #expect(!parser.isAtStart)
    }
}

extension HTTPRequest {
    /// The first value of header `name` (shorthand for these tests).
    fileprivate subscript(_ name: String) -> String? { headers[name] }
}

/// Each request's fields live until it is answered (the access log reads them), so a pipelined
/// batch holds several storages at once: all of them come back for the next batch.
@Suite("Parser: header storage kept for every answer owed")
struct PipelinedHeaderRecyclingTests {
    @Test func everyStorageOfAPipelinedBatchServesTheNextBatch() throws {
        var parser = RequestParser()
        let text = "GET / HTTP/1.1\r\nHost: a\r\nX-Client-Version: ios/5.2.0\r\n\r\n"
        var batch = try (0..<RequestParser.maxSpareHeaders).map { _ in try HeaderRecyclingTests.next(&parser, text) }
        for index in batch.indices { parser.recycle(&batch[index].headers) }
        for _ in 1..<RequestParser.maxSpareHeaders { _ = try HeaderRecyclingTests.next(&parser, text) }
        #expect(parser.spareCapacity > 0)  // one spare left for the last request of the batch
        _ = try HeaderRecyclingTests.next(&parser, text)
        #expect(parser.spareCapacity == 0)
    }
}
