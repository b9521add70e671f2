import Foundation
import TestSupport
import Testing

/// Lists that load more through the running server (SPEC §10.2): the first page and `more`,
/// `_after` pages answered as arrays (spliced, they are the list a client that can't load gets
/// whole), and a backend's own cursor passed back to it through a data entry's `params`.
@Suite(.serialized) struct PagedListsEndToEndTests {
    static let loads = SectionsEndToEndTests.loads
    static let cantLoad = SectionsEndToEndTests.cantLoad

    /// `/list/:id`: section `results` pages `recs.items` two at a time; section `plain` has no paged list.
    static func listPages(upstream: FakeUpstream) throws -> TempPages {
        let pages = try TempPages()
        try pages.setSources(["recs": #"{ "url": "\#(upstream.url("/recs/{{key}}"))", "timeoutMs": 2000, "ttlSeconds": 60 }"#])
        try pages.replaceByRename("pages/list.json", """
            { "route": "/list/:id", "maxAge": 30,
              "data": { "recs": { "source": "recs", "key": "{{params.id}}" } },
              "root": { "id": "list", "type": "page", "data": { "children": [
                { "$section": "results", "then": { "id": "results", "type": "column", "data": { "elements": [
                  { "$each": "recs.items", "as": "item", "pageSize": 2,
                    "template": { "id": "res-{{item}}", "type": "text", "data": { "text": "{{item}}" } },
                    "more": { "id": "results-more", "type": "skeleton", "data": { "height": 40, "onAppear": "{{more.load}}" } } } ] } } },
                { "$section": "plain", "then": { "id": "plain", "type": "text", "data": { "text": "x" } } } ] } } }
            """)
        return pages
    }

    static func item(_ name: String) -> String { #"{"id":"res-\#(name)","type":"text","data":{"text":"\#(name)"}}"# }

    static func more(_ url: String) -> String {
        #"{"id":"results-more","type":"skeleton","data":{"height":40,"onAppear":{"type":"load","url":"\#(url)","target":"results-more","mode":"splice"}}}"#
    }

    /// `trellis render --section results --after 2` prints the `_after` page the server answers.
    @Test func renderPrintsAPageOfAListWithAfter() throws {
        let upstream = FakeUpstream()
        defer { upstream.stop() }
        upstream.script("/recs/7", .json(#"{"items":["a","b","c","d","e"]}"#))
        let pages = try Self.listPages(upstream: upstream)
        let args = ["render", "/list/7", "--pages", pages.path, "--client", "ios/6.0.0", "--at", TestInstant.rfc3339, "--section", "results"]
        let page = try runTrellis(args + ["--after", "2"])
        #expect(page.status == 0)
        #expect(String(decoding: page.stdout, as: UTF8.self)
            == "[" + [Self.item("c"), Self.item("d"), Self.more("/list/7?_section=results&_after=4")].joined(separator: ",") + "]")
        let past = try runTrellis(args + ["--after", "9"])
        #expect(past.status == 0 && String(decoding: past.stdout, as: UTF8.self) == "[]")
        let plain = try runTrellis(["render", "/list/7", "--pages", pages.path, "--at", TestInstant.rfc3339, "--section", "plain", "--after", "0"])
        #expect(plain.status != 0 && plain.stderr.hasPrefix("400 bad_request"))
    }

    @Test func afterPagesAreArraysThatSpliceIntoTheListAClientThatCantLoadGets() throws {
        let upstream = FakeUpstream()
        defer { upstream.stop() }
        upstream.script("/recs/7", .json(#"{"items":["a","b","c","d","e"]}"#))
        let pages = try Self.listPages(upstream: upstream)
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        let first = try client.request("/list/7", headers: Self.loads)
        #expect(first.bodyText.contains("[" + [Self.item("a"), Self.item("b"), Self.more("/list/7?_section=results&_after=2")].joined(separator: ",") + "]"))
        let second = try client.request("/list/7?_section=results&_after=2", headers: Self.loads)
        #expect(second.status == 200 && second.header("X-Section") == "results" && second.header("X-Fallbacks") == "0")
        #expect(second.header("Content-Type") == "application/json; charset=utf-8" && second.header("ETag") != nil)
        #expect(second.bodyText == "[" + [Self.item("c"), Self.item("d"), Self.more("/list/7?_section=results&_after=4")].joined(separator: ",") + "]")
        #expect(try client.request("/list/7?_section=results&_after=4", headers: Self.loads).bodyText == "[\(Self.item("e"))]")
        #expect(try client.request("/list/7?_section=results&_after=5", headers: Self.loads).bodyText == "[]")
        let whole = try client.request("/list/7", headers: Self.cantLoad)
        #expect(whole.bodyText.contains("[" + ["a", "b", "c", "d", "e"].map(Self.item).joined(separator: ",") + "]"))
        #expect(!whole.bodyText.contains("results-more"))
        // Asked again, an `_after` page is its own cache entry.
        _ = try client.request("/list/7?_section=results&_after=2", headers: Self.loads)
        #expect(try server.metric("trellis_cache_hits_total") == 1)
        for target in ["/list/7?_section=plain&_after=0", "/list/7?_section=results&_after=-1", "/list/7?_section=results&_after=02"] {
            let answer = try client.request(target, headers: Self.loads)
            #expect(answer.status == 400 && answer.bodyText.contains(#""code":"bad_request""#), "\(target)")
        }
        #expect(server.stop() == 0)
    }

    /// `/find?q=…`: section `results` lists the backend's page, asked with `params` carrying the cursor.
    static func findPages(upstream: FakeUpstream) throws -> TempPages {
        let pages = try TempPages()
        try pages.setSources(["search": #"{ "url": "\#(upstream.url("/search?text={{key}}"))", "timeoutMs": 2000, "ttlSeconds": 60 }"#])
        try pages.replaceByRename("pages/find.json", """
            { "route": "/find", "maxAge": 30, "query": ["q", "cursor"],
              "data": { "found": { "source": "search", "key": "{{query.q}}",
                                   "params": { "cursor": "{{query.cursor}}", "limit": "2" } } },
              "root": { "id": "find", "type": "page", "data": { "children": [
                { "$section": "results", "then": { "id": "results", "type": "column", "data": { "elements": [
                  { "$each": "found.items", "as": "item", "next": "found.next", "cursor": "cursor",
                    "template": { "id": "res-{{item}}", "type": "text", "data": { "text": "{{item}}" } },
                    "more": { "id": "results-more", "type": "skeleton", "data": { "height": 40, "onAppear": "{{more.load}}" } } } ] } } } ] } } }
            """)
        return pages
    }

    @Test func aBackendCursorIsPassedBackThroughParamsUntilNextHasNoValue() throws {
        let upstream = FakeUpstream()
        defer { upstream.stop() }
        upstream.script("/search?text=jacket&limit=2", .json(#"{"items":["a","b"],"next":"c/2"}"#))
        upstream.script("/search?text=jacket&cursor=c%2F2&limit=2", .json(#"{"items":["c"],"next":null}"#))
        let pages = try Self.findPages(upstream: upstream)
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        let url = "/find?q=jacket&cursor=c%2F2&_section=results&_after=0"
        let first = try client.request("/find?q=jacket", headers: Self.loads)
        #expect(first.bodyText.contains("[" + [Self.item("a"), Self.item("b"), Self.more(url)].joined(separator: ",") + "]"))
        let next = try client.request(url, headers: Self.loads)
        #expect(next.status == 200 && next.bodyText == "[\(Self.item("c"))]")
        #expect(upstream.requests("/search?text=jacket&cursor=c%2F2&limit=2") == 1)
        let old = try client.request("/find?q=jacket", headers: Self.cantLoad)
        #expect(old.bodyText.contains("[" + [Self.item("a"), Self.item("b")].joined(separator: ",") + "]") && !old.bodyText.contains("results-more"))
        // The first backend page was fetched once: the params are part of the upstream cache key.
        #expect(upstream.requests("/search?text=jacket&limit=2") == 1)
        #expect(server.stop() == 0)
    }
}
