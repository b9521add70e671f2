import Foundation
import TestSupport
import Testing

/// Sections through the running server (SPEC §10.1): deferred for a client that performs
/// `load` (whose page then doesn't fetch the section's entries), inline for one that doesn't;
/// fetched alone with `X-Section`, its own ETag and cache entry; 204 when nothing stands there;
/// the checks right after routing; `"defer": "auto"` by the upstream cache's freshness.
@Suite(.serialized) struct SectionsEndToEndTests {
    /// The sample catalog's `load` is `since` ios 5.1.0 and android 5.0.0.
    static let loads = [("X-Client-Version", "ios/6.0.0")]
    static let cantLoad = [("X-Client-Version", "android/4.9.0")]

    static func pages(upstream: FakeUpstream, defer: String = "true") throws -> TempPages {
        let pages = try TempPages()
        try pages.setSources(["recs": #"{ "url": "\#(upstream.url("/recs/{{key}}"))", "timeoutMs": 2000, "ttlSeconds": 60 }"#])
        try pages.replaceByRename("pages/shelf.json", """
            { "route": "/shelf/:id", "maxAge": 30, "query": ["q"],
              "data": { "recs": { "source": "recs", "key": "{{params.id}}" } },
              "root": { "id": "shelf", "type": "page", "data": { "children": [
                { "id": "head", "type": "text", "data": { "text": "Shelf {{params.id}}" } },
                { "$section": "related", "defer": \(`defer`),
                  "placeholder": { "id": "related", "type": "skeleton", "data": { "height": 120, "onAppear": "{{section.load}}" } },
                  "then": { "id": "related", "type": "column", "data": { "elements": [
                    { "$each": "recs.items", "as": "r", "template": { "id": "r-{{r}}", "type": "text", "data": { "text": "{{r}}" } } } ] } } },
                { "$section": "gone", "then": { "$if": "params.missing", "then": { "id": "gone", "type": "text", "data": { "text": "x" } } } } ] } } }
            """)
        return pages
    }

    /// A fake upstream answering `/recs/7` with `items`, and the Pages served from it.
    static func shelf(items: String = #"["a","b"]"#, defer: String = "true") throws -> (FakeUpstream, TempPages) {
        let upstream = FakeUpstream()
        upstream.script("/recs/7", .json(#"{"items":\#(items)}"#))
        return (upstream, try pages(upstream: upstream, defer: `defer`))
    }

    @Test func aClientThatLoadsGetsThePlaceholderAndThePageDoesNotFetchTheSectionsEntries() throws {
        let (upstream, pages) = try Self.shelf()
        defer { upstream.stop() }
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        let deferred = try client.request("/shelf/7?utm=x&q=red%20hat", headers: Self.loads)
        #expect(deferred.bodyText.contains(#"{"id":"related","type":"skeleton","data":{"height":120,"onAppear":{"type":"load","url":"/shelf/7?q=red%20hat&_section=related","target":"related","mode":"replace"}}}"#))
        #expect(upstream.requests("/recs/7") == 0)
        let inline = try client.request("/shelf/7", headers: Self.cantLoad)
        #expect(inline.bodyText.contains(#"{"id":"related","type":"column","data":{"elements":[{"id":"r-a","type":"text","data":{"text":"a"}},{"id":"r-b","type":"text","data":{"text":"b"}}]}}"#))
        #expect(upstream.requests("/recs/7") == 1)
        #expect(server.stop() == 0)
    }

    @Test func aSectionAloneIsItsSubtreeWithXSectionAndItsOwnCacheEntry() throws {
        let (upstream, pages) = try Self.shelf()
        defer { upstream.stop() }
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        let page = try client.request("/shelf/7", headers: Self.cantLoad)
        for headers in [Self.loads, Self.cantLoad] {
            let section = try client.request("/shelf/7?q=red%20hat&_section=related", headers: headers)
            #expect(section.status == 200)
            #expect(section.header("X-Section") == "related")
            #expect(section.header("Content-Type") == "application/json; charset=utf-8")
            #expect(section.header("ETag") != nil && section.header("ETag") != page.header("ETag"))
            #expect(section.header("X-Fallbacks") == "0" && section.header("Cache-Control") == "public, max-age=30")
            #expect(page.bodyText.contains(section.bodyText) && section.bodyText.hasPrefix(#"{"id":"related","type":"column""#))
        }
        let again = try client.request("/shelf/7?q=red%20hat&_section=related", headers: Self.loads)
        #expect(again.header("X-Section") == "related")
        #expect(try server.metric("trellis_cache_hits_total") == 1)
        let lines = try server.waitFor("the section's access-log line", timeout: 5) {
            server.accessLog.filter { $0.contains(" section=related") }.count >= 3 ? server.accessLog : nil
        }
        #expect(lines.filter { $0.contains(" section=related") && $0.contains("page=shelf") }.count == 3)
        #expect(server.stop() == 0)
    }

    @Test func nothingStandingThereIs204WithThePagesHeadersButNoETagOrContentType() throws {
        let (upstream, pages) = try Self.shelf(items: "[]")
        defer { upstream.stop() }
        let server = try ServerProcess(pages: pages.path)
        let gone = try TestClient(port: server.port).request("/shelf/7?_section=gone", headers: Self.loads)
        #expect(gone.status == 204 && gone.body.isEmpty)
        #expect(gone.header("X-Section") == "gone" && gone.header("X-Release") == "stable" && gone.header("Vary") != nil)
        #expect(gone.header("ETag") == nil && gone.header("Content-Type") == nil)
        #expect(server.stop() == 0)
    }

    @Test func theChecksComeRightAfterRouting() throws {
        let (upstream, pages) = try Self.shelf()
        defer { upstream.stop() }
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        // An unknown section is a JSON 404, even before a malformed client header is read.
        let unknown = try client.request("/shelf/7?_section=nope", headers: [("X-Client-Version", "bogus")])
        #expect(unknown.status == 404 && unknown.bodyText.contains(#""code":"not_found""#))
        for target in ["/shelf/7?_after=20", "/shelf/7?_section=related&_after=x", "/shelf/7?_section=related&_after=1000001",
                       "/shelf/7?_section=related&_after=20"] {
            let answer = try client.request(target, headers: Self.loads)
            #expect(answer.status == 400 && answer.bodyText.contains(#""code":"bad_request""#), "\(target)")
        }
        // Below minVersions the answer is the upgrade page, with no X-Section.
        let old = try client.request("/shelf/7?_section=related", headers: [("X-Client-Version", "ios/1.0.0")])
        #expect(old.header("X-Upgrade-Required") == "true" && old.header("X-Section") == nil)
        #expect(server.stop() == 0)
    }

    @Test func anAutoSectionIsDeferredOnlyWhileItsUpstreamValueIsNotFreshAndSuchAPageIsNotKept() throws {
        let (upstream, pages) = try Self.shelf(items: #"["a"]"#, defer: #""auto""#)
        defer { upstream.stop() }
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        let cold = try client.request("/shelf/7", headers: Self.loads)
        #expect(cold.bodyText.contains(#""type":"skeleton""#))
        // The section fetched alone fills the upstream cache: the page is now inline.
        _ = try client.request("/shelf/7?_section=related", headers: Self.loads)
        let warm = try client.request("/shelf/7", headers: Self.loads)
        #expect(warm.bodyText.contains(#"{"id":"related","type":"column""#))
        #expect(try server.metric("trellis_cache_hits_total") == 0)
        #expect(server.stop() == 0)
    }
}

/// A section that binds no personal source is shared, even on a personal page (SPEC §10.1).
@Suite(.serialized) struct PersonalPageSectionTests {
    @Test func aSectionBindingNoPersonalSourceIsCachedAndVariesWithNoCredential() throws {
        let (upstream, pages) = try SectionsEndToEndTests.shelf(items: #"["a"]"#)
        defer { upstream.stop() }
        upstream.script("/me/7", .echoHeader("Authorization"))
        try pages.setSources(["recs": #"{ "url": "\#(upstream.url("/recs/{{key}}"))", "timeoutMs": 2000, "ttlSeconds": 60 }"#,
                              "me": #"{ "url": "\#(upstream.url("/me/{{key}}"))", "timeoutMs": 2000, "ttlSeconds": 5, "forwardHeaders": ["Authorization"] }"#])
        var shelf = try pages.read("pages/shelf.json")
        shelf = shelf.replacingOccurrences(of: #""data": { "recs""#, with: #""data": { "me": { "source": "me", "key": "{{params.id}}" }, "recs""#)
        shelf = shelf.replacingOccurrences(of: #""text": "Shelf {{params.id}}""#, with: #""text": "{{me.value}}""#)
        try pages.replaceByRename("pages/shelf.json", shelf)
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        let alice = [("X-Client-Version", "android/4.9.0"), ("Authorization", "Bearer alice")]
        let page = try client.request("/shelf/7", headers: alice)
        #expect(page.header("Cache-Control") == "private, no-cache" && page.header("Vary")?.hasSuffix(", Authorization") == true)
        let section = try client.request("/shelf/7?_section=related", headers: alice)
        #expect(section.header("Cache-Control") == "public, max-age=30" && section.header("Vary")?.contains("Authorization") == false)
        _ = try client.request("/shelf/7?_section=related", headers: [("X-Client-Version", "android/4.9.0"), ("Authorization", "Bearer bob")])
        #expect(try server.metric("trellis_cache_hits_total") == 1)
        #expect(server.stop() == 0)
    }
}

/// `trellis render --section` and `render --explain` with sections (SPEC §10.1).
@Suite(.serialized) struct RenderSectionTests {
    @Test func renderPrintsTheSectionsAnswerAnd204WhenNothingStandsThere() throws {
        let (upstream, pages) = try SectionsEndToEndTests.shelf(items: #"["a"]"#)
        defer { upstream.stop() }
        let at = ["--at", "2026-06-15T12:00:00Z"]
        let related = try runTrellis(["render", "/shelf/7", "--pages", pages.path, "--client", "ios/6.0.0", "--section", "related"] + at)
        #expect(related.status == 0)
        #expect(String(decoding: related.stdout, as: UTF8.self) == #"{"id":"related","type":"column","data":{"elements":[{"id":"r-a","type":"text","data":{"text":"a"}}]}}"#)
        let gone = try runTrellis(["render", "/shelf/7", "--pages", pages.path, "--section", "gone"] + at)
        #expect(gone.status == 0 && gone.stdout.isEmpty && gone.stderr.hasPrefix("204 "))
        let explained = try runTrellis(["render", "/shelf/7", "--pages", pages.path, "--client", "ios/6.0.0", "--explain"] + at)
        #expect(explained.stderr.contains("section related deferred (served as its placeholder)\n"))
        let inline = try runTrellis(["render", "/shelf/7", "--pages", pages.path, "--client", "android/4.9.0", "--explain"] + at)
        #expect(!inline.stderr.contains("deferred"))
    }

    @Test func renderExplainNamesASectionAbsentForTheClient() throws {
        let pages = ServerProcess.packageRoot + "/Pages"
        let at = ["--at", "2026-06-15T12:00:00Z"]
        let old = try runTrellis(["render", "/product/3", "--pages", pages, "--client", "ios/5.0.0", "--explain"] + at)
        #expect(old.status == 0 && old.stderr.contains("section cart-badge absent (no type this client renders; its entries not read)\n"))
        let loads = try runTrellis(["render", "/product/3", "--pages", pages, "--client", "ios/6.0.0", "--explain"] + at)
        #expect(loads.status == 0 && !loads.stderr.contains("absent"))
    }
}
