import Foundation
import TestSupport
import Testing

/// The edges of sections through the running server (SPEC §4.1, §10, §14): what a section's 204
/// and a list's `_after` page count in `X-Fallbacks` when what stood there was dropped, and the
/// server's own `_section` and `_after` read and checked on every page, malformed escapes included.
@Suite(.serialized) struct SectionEdgesEndToEndTests {
    /// Renders none of the list's `image` items (no fallback renders for want of an `alt`), and can't `load`.
    static let cantLoad = [("X-Client-Capabilities", "page,column,text,skeleton")]
    /// The same, performing `load`.
    static let loads = [("X-Client-Capabilities", "page,column,text,skeleton,load")]

    /// `PagedListsEndToEndTests.listPages` with `image` items: the catalog's fallback, a `text`
    /// of the missing `alt`, drops each of them for a client that doesn't render images.
    static func imageList(upstream: FakeUpstream) throws -> TempPages {
        let pages = try PagedListsEndToEndTests.listPages(upstream: upstream)
        let list = try pages.read("pages/list.json").replacingOccurrences(
            of: #"{ "id": "res-{{item}}", "type": "text", "data": { "text": "{{item}}" } }"#,
            with: #"{ "id": "res-{{item}}", "type": "image", "data": { "url": "https://img.example/{{item}}.png" } }"#)
        #expect(list.contains(#""type": "image""#))
        try pages.replaceByRename("pages/list.json", list)
        return pages
    }

    @Test func anAfterPageCountsItsItemsDroppedEvenWhenNoneIsWritten() throws {
        let upstream = FakeUpstream()
        defer { upstream.stop() }
        upstream.script("/recs/7", .json(#"{"items":["a","b","c","d","e"]}"#))
        let pages = try Self.imageList(upstream: upstream)
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        func answer(_ target: String, _ headers: [(String, String)]) throws -> (String, String?) {
            let response = try client.request(target, headers: headers)
            #expect(response.status == 200, "\(target)")
            return (response.bodyText, response.header("X-Fallbacks"))
        }
        // A client that can't `load` gets every item from `_after` on, all dropped here.
        #expect(try answer("/list/7?_section=results", Self.cantLoad) == (#"{"id":"results","type":"column","data":{"elements":[]}}"#, "5"))
        #expect(try answer("/list/7?_section=results&_after=2", Self.cantLoad) == ("[]", "3"))
        #expect(try answer("/list/7?_section=results&_after=5", Self.cantLoad) == ("[]", "0"))
        // One that does gets `pageSize` items, then `more` while items remain.
        #expect(try answer("/list/7?_section=results&_after=4", Self.loads) == ("[]", "1"))
        #expect(try answer("/list/7?_section=results&_after=2", Self.loads)
            == ("[" + PagedListsEndToEndTests.more("/list/7?_section=results&_after=4") + "]", "2"))
        // Asked again, from the response cache: the same count.
        #expect(try answer("/list/7?_section=results&_after=2", Self.cantLoad) == ("[]", "3"))
        #expect(try server.metric("trellis_cache_hits_total") == 1)
        #expect(server.stop() == 0)
    }

    /// `/pic/:id`: `photo` an image (dropped for a client with no version: its fallback's text
    /// has no value), `gone` behind a false `$if`, `blank` an image with no url (a data-driven drop).
    static func picturePages() throws -> TempPages {
        let pages = try TempPages()
        try pages.replaceByRename("pages/pic.json", """
            { "route": "/pic/:id", "maxAge": 30,
              "root": { "id": "pic", "type": "page", "data": { "children": [
                { "$section": "photo", "then": { "id": "photo", "type": "image", "data": { "url": "https://img.example/{{params.id}}.png" } } },
                { "$section": "gone", "then": { "$if": "params.missing", "then": { "id": "gone", "type": "image", "data": { "url": "https://img.example/x.png" } } } },
                { "$section": "blank", "then": { "id": "blank", "type": "image", "data": { "url": "{{params.missing}}" } } } ] } } }
            """)
        return pages
    }

    @Test func a204CountsTheSectionsComponentDroppedForWantOfARenderableFallbackOnly() throws {
        let pages = try Self.picturePages()
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        let page = try client.request("/pic/7")
        #expect(page.status == 200 && page.header("X-Fallbacks") == "1")
        for (section, fallbacks) in [("photo", "1"), ("gone", "0"), ("blank", "0"), ("photo", "1")] {
            let alone = try client.request("/pic/7?_section=\(section)")
            #expect(alone.status == 204 && alone.body.isEmpty && alone.header("X-Section") == section, "\(section)")
            #expect(alone.header("X-Fallbacks") == fallbacks && alone.header("ETag") == nil, "\(section)")
        }
        #expect(try server.metric("trellis_cache_hits_total") == 1)
        let shown = try client.request("/pic/7?_section=photo", headers: [("X-Client-Version", "ios/6.0.0")])
        #expect(shown.status == 200 && shown.header("X-Fallbacks") == "0")
        #expect(server.stop() == 0)
    }

    @Test func thePagesWithNoSectionsAnswerTheServersOwnParametersToo() throws {
        let server = try ServerProcess(pages: ServerProcess.packageRoot + "/Pages")
        let client = try TestClient(port: server.port)
        for (target, method, headers, status, code) in [
            ("/home?_section=nope", "GET", [(String, String)](), 404, "not_found"),
            ("/home?%5Fsection=nope", "GET", [], 404, "not_found"),
            ("/home?_section=nope&_after=1", "GET", [], 404, "not_found"),
            // Right after routing: before the client's headers and the method are read.
            ("/home?_section=nope", "GET", [("X-Client-Version", "bogus")], 404, "not_found"),
            ("/home?_section=nope", "POST", [], 404, "not_found"),
            ("/home?_after=5", "GET", [], 400, "bad_request"),
            ("/home?utm=1&_after=x", "GET", [], 400, "bad_request"),
        ] {
            let answer = try client.request(target, method: method, headers: headers)
            #expect(answer.status == status && answer.bodyText.contains(#""code":"\#(code)""#), "\(method) \(target) \(headers)")
            #expect(answer.header("Content-Type") == "application/json; charset=utf-8", "\(target)")
        }
        for target in ["/home", "/home?utm_source=x", "/home?utm=%zz&section=x&after=2"] {
            #expect(try client.request(target).status == 200, "\(target)")
        }
        #expect(server.stop() == 0)
    }

    @Test func renderFailsForASectionOfAPageWithNoSectionsAsTheServerAnswers() throws {
        let pages = ServerProcess.packageRoot + "/Pages"
        let at = ["--at", TestInstant.rfc3339]
        let section = try runTrellis(["render", "/home", "--pages", pages, "--section", "x"] + at)
        #expect(section.status == 1 && section.stdout.isEmpty && section.stderr.hasPrefix("404 not_found: no section x on page home"))
        let after = try runTrellis(["render", "/home", "--pages", pages, "--after", "3"] + at)
        #expect(after.status == 1 && after.stdout.isEmpty && after.stderr.hasPrefix("400 bad_request"))
        #expect(try runTrellis(["render", "/home", "--pages", pages] + at).status == 0)
    }

    @Test func aMalformedEscapeInTheServersOwnParametersIsAnsweredNotIgnored() throws {
        let upstream = FakeUpstream()
        defer { upstream.stop() }
        upstream.script("/recs/7", .json(#"{"items":["a","b","c","d","e"]}"#))
        let pages = try PagedListsEndToEndTests.listPages(upstream: upstream)
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        for (target, status, code) in [
            ("/list/7?_section=resu%lts", 404, "not_found"), ("/list/7?_section=nope%", 404, "not_found"),
            ("/list/7?_section=%FF", 404, "not_found"),
            // The first occurrence is the one read, malformed or not.
            ("/list/7?_section=%zz&_section=results", 404, "not_found"),
            ("/list/7?_section=results&_after=%ZZ", 400, "bad_request"), ("/list/7?_section=results&_after=0%", 400, "bad_request"),
            ("/list/7?_after=%ZZ", 400, "bad_request"), ("/list/7?_section=results&_after=%&_after=2", 400, "bad_request"),
        ] {
            let answer = try client.request(target, headers: PagedListsEndToEndTests.loads)
            #expect(answer.status == status && answer.bodyText.contains(#""code":"\#(code)""#), "\(target)")
        }
        // Well-formed escapes are decoded; a malformed one in an undeclared parameter is still ignored (SPEC §14).
        let escaped = try client.request("/list/7?utm=%zz&_section=result%73&_after=%32", headers: PagedListsEndToEndTests.loads)
        #expect(escaped.status == 200 && escaped.header("X-Section") == "results" && escaped.bodyText.hasPrefix(#"[{"id":"res-c""#))
        #expect(server.stop() == 0)
    }
}
