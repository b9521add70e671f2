import Foundation
import TestSupport
import Testing

/// The sample shop's `related` section (SPEC §10.1) through the running server and `render`:
/// deferred as its skeleton while the recommendations backend has given no fresh value, to a
/// client that performs `load`; answered alone with `X-Section` from the backend; inline for
/// an app too old to load, exactly as the page holds it.
@Suite(.serialized) struct SampleShopSectionsEndToEndTests {
    static let loads = [("X-Client-Version", "ios/6.0.0")]
    static let cantLoad = [("X-Client-Version", "ios/4.9.0")]
    /// The skeleton standing in for `related` on `/product/3`, with the load the app performs.
    static let placeholder = #"{"id":"related","type":"skeleton","data":{"height":220,"onAppear":{"type":"load","url":"/product/3?_section=related","target":"related","mode":"replace"}}}"#
    /// The section as the backend's `recommendations` value below makes it.
    static let related = #"{"id":"related","type":"column","data":{"elements":[{"id":"related-title","type":"text","data":{"text":"You may also like","style":"title"}},{"id":"related-carousel","type":"carousel","data":{"items":[{"id":"rel-5","type":"product-card","data":{"title":"Ultralight Daypack 22 L","price":{"amount":"74.00","currency":"EUR"},"action":{"type":"navigate","url":"app://product/5"}}}]}}]}}"#
    /// The same for ios before 5.0.0, whose carousel falls back to a column (the catalog's).
    static let relatedBefore5 = #"{"id":"related","type":"column","data":{"elements":[{"id":"related-title","type":"text","data":{"text":"You may also like","style":"title"}},{"id":"related-carousel","type":"column","data":{"elements":[{"id":"rel-5","type":"product-card","data":{"title":"Ultralight Daypack 22 L","price":{"amount":"74.00","currency":"EUR"},"action":{"type":"navigate","url":"app://product/5"}}}]}}]}}"#

    /// The sample Pages with `recommendations` served by `upstream` for product 3.
    static func pages(upstream: FakeUpstream) throws -> TempPages {
        upstream.script("/recommendations/3", .json(#"{"title":"You may also like","items":[{"id":"5","title":"Ultralight Daypack 22 L","price":{"amount":"74.00","currency":"EUR"}}]}"#))
        let pages = try TempPages()
        try pages.setSources(["recommendations": #"{ "url": "\#(upstream.url("/recommendations/{{key}}"))", "timeoutMs": 2000, "ttlSeconds": 60 }"#])
        return pages
    }

    /// Runs `test` against a server of `pages(upstream:)` and its upstream.
    static func served(_ test: (FakeUpstream, ServerProcess, TestClient) throws -> Void) throws {
        let upstream = FakeUpstream()
        defer { upstream.stop() }
        let pages = try pages(upstream: upstream)
        let server = try ServerProcess(pages: pages.path)
        try withExtendedLifetime(pages) { try test(upstream, server, try TestClient(port: server.port)) }
    }

    @Test func withTheRecommendationsBackendUnreachableAnAppThatLoadsGetsThePlaceholderAndThePageIsNotKept() throws {
        let server = try ServerProcess(pages: ServerProcess.packageRoot + "/Pages")
        let client = try TestClient(port: server.port)
        for _ in 0..<2 {
            let page = try client.request("/product/3", headers: Self.loads)
            #expect(page.status == 200 && page.bodyText.contains(Self.placeholder + #",{"id":"footer-divider""#))
            #expect(!page.bodyText.contains("related-carousel"))
        }
        #expect(try server.metric("trellis_cache_hits_total") == 0)
        #expect(server.stop() == 0)
    }

    @Test func theSectionAloneComesFromTheBackendWithXSectionAndThenThePageHoldsItInline() throws {
        try Self.served { upstream, server, client in
            let section = try client.request("/product/3?_section=related", headers: Self.loads)
            #expect(section.status == 200 && section.header("X-Section") == "related")
            #expect(section.bodyText == Self.related)
            #expect(upstream.requests("/recommendations/3") == 1)
            // Its value is fresh now: the page holds the section inline, byte for byte.
            let page = try client.request("/product/3", headers: Self.loads)
            #expect(page.bodyText.contains(Self.related) && !page.bodyText.contains(#"{"id":"related","type":"skeleton""#))
            #expect(server.stop() == 0)
        }
    }

    @Test func anAppTooOldToLoadGetsTheSectionInline() throws {
        try Self.served { _, server, client in
            let page = try client.request("/product/3", headers: Self.cantLoad)
            #expect(page.status == 200 && page.header("X-Section") == nil)
            #expect(page.bodyText.contains(Self.relatedBefore5 + #",{"id":"footer-divider""#) && !page.bodyText.contains("_section"))
            let section = try client.request("/product/3?_section=related", headers: Self.cantLoad)
            #expect(section.bodyText == Self.relatedBefore5 && section.header("X-Section") == "related")
            #expect(server.stop() == 0)
        }
    }

    @Test func renderPrintsTheSectionAnd204WhenTheBackendGivesNothing() throws {
        let at = ["--at", "2026-06-15T12:00:00Z"]
        let upstream = FakeUpstream()
        defer { upstream.stop() }
        let pages = try Self.pages(upstream: upstream)
        let related = try runTrellis(["render", "/product/3", "--pages", pages.path, "--client", "ios/6.0.0", "--section", "related"] + at)
        #expect(related.status == 0 && String(decoding: related.stdout, as: UTF8.self) == Self.related)
        let unreachable = try runTrellis(["render", "/product/3", "--pages", ServerProcess.packageRoot + "/Pages", "--client", "ios/6.0.0",
                                          "--section", "related"] + at)
        #expect(unreachable.status == 0 && unreachable.stdout.isEmpty && unreachable.stderr.hasPrefix("204 "))
    }
}
