import HTTPServer
import SDUI
import Testing
@testable import Trellis

/// The sample backend's cursor paging: what a page holds, its `next`, the last page, and the
/// 400s for a cursor or limit it did not make.
@Suite struct SamplePagingTests {
    /// A collection of `count` items with ids "1"…, after a `query` member, as samples/search.json holds them.
    func collection(_ count: Int) -> JSONValue {
        .object(JSONObject(["query": .string("all"),
                            "items": .array((1...count).map { .object(JSONObject(["id": .string("\($0)")])) })]))
    }

    func paging(_ query: String?) throws -> SamplePaging {
        try SamplePaging.parse(query: query).get()
    }

    func ids(_ page: JSONValue) -> [String] {
        guard case .array(let items)? = page["items"] else { return [] }
        return items.compactMap { $0["id"]?.stringValue }
    }

    @Test func withoutParametersTheFirstPageOfTwentyAndTheNextCursor() throws {
        let first = try paging(nil)
        #expect(first == SamplePaging(offset: 0, limit: 20))
        let page = first.page(of: collection(45))
        #expect(ids(page) == (1...20).map(String.init))
        #expect(page["next"] == .string("c20"))
        #expect(page.objectValue?.keys == ["query", "items", "next"])
    }

    @Test func aCursorAndLimitSliceFromTheOffset() throws {
        let page = try paging("cursor=c20&limit=5").page(of: collection(45))
        #expect(ids(page) == ["21", "22", "23", "24", "25"])
        #expect(page["next"] == .string("c25"))
    }

    @Test func theLastPageAndPastTheEndHaveANullNext() throws {
        let last = try paging("cursor=c40").page(of: collection(45))
        #expect(ids(last) == ["41", "42", "43", "44", "45"] && last["next"] == .null)
        let exact = try paging("limit=45").page(of: collection(45))
        #expect(ids(exact).count == 45 && exact["next"] == .null)
        let past = try paging("cursor=c900").page(of: collection(45))
        #expect(ids(past).isEmpty && past["next"] == .null)
    }

    @Test func limitIsCutToTheMaximumAndMustBePositive() throws {
        #expect(try paging("limit=1").limit == 1)
        #expect(try paging("limit=100").limit == 100)
        #expect(try paging("limit=101").limit == SamplePaging.maxLimit)
        #expect(try paging("limit=99999999999999999999999").limit == SamplePaging.maxLimit)
        for bad in ["limit=0", "limit=-1", "limit=", "limit=ten", "limit=2.5", "limit=%FF"] {
            #expect(throws: HTTPError.self, "\(bad)") { _ = try paging(bad) }
        }
    }

    @Test func aCursorThisBackendDidNotMakeIsA400() throws {
        for bad in ["cursor=", "cursor=20", "cursor=c", "cursor=c-1", "cursor=cx", "cursor=C20", "cursor=c1000001", "cursor=c12345678"] {
            guard case .failure(let error) = SamplePaging.parse(query: bad) else {
                Issue.record("\(bad) was accepted")
                continue
            }
            #expect(error.status == 400 && error.code == "bad_request", "\(bad)")
        }
        #expect(try paging("cursor=c1000000").offset == SamplePaging.maxOffset)
        #expect(SamplePaging.offset(cursor: SamplePaging.cursor(offset: 37)) == 37)
    }

    @Test func otherParametersAreIgnoredAndOtherValuesAnsweredAsTheyAre() throws {
        #expect(try paging("q=jacket&utm_source=mail") == SamplePaging(offset: 0, limit: 20))
        let plain = JSONValue.object(JSONObject(["title": .string("not a collection")]))
        #expect(try paging("cursor=c20").page(of: plain) == plain)
        let noArray = JSONValue.object(JSONObject(["items": .number("3")]))
        #expect(try paging(nil).page(of: noArray) == noArray)
    }
}
