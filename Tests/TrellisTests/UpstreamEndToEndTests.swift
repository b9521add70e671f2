import Foundation
import TestSupport
import Testing

/// `url` sources through the running server (SPEC §2.3): a slow or failing upstream never
/// takes the page down; a required entry with no value is the not-found page.
@Suite(.serialized) struct UpstreamEndToEndTests {
    /// Sample Pages plus a `recommendations` url source on `upstream` and two pages using it.
    static func pages(upstream: FakeUpstream, ttlSeconds: Int = 30) throws -> TempPages {
        let pages = try TempPages()
        try pages.setSources([
            "recommendations": #"{ "url": "\#(upstream.url("/recs/{{key}}"))", "timeoutMs": 300, "ttlSeconds": \#(ttlSeconds) }"#,
        ])
        try pages.replaceByRename("pages/recs.json", """
            { "route": "/recs/:id", "data": { "recs": { "source": "recommendations", "key": "{{params.id}}" } },
              "root": { "id": "recs-page", "type": "page", "data": { "children": [
                { "id": "always", "type": "text", "data": { "text": "Always here" } },
                { "$if": "recs", "then": { "id": "recs", "type": "text", "data": { "text": "{{recs.title}}" } } } ] } } }
            """)
        try pages.replaceByRename("pages/recs-required.json", """
            { "route": "/must/:id", "data": { "recs": { "source": "recommendations", "key": "{{params.id}}", "required": true } },
              "root": { "id": "must-page", "type": "page", "data": { "children": [
                { "id": "recs", "type": "text", "data": { "text": "{{recs.title}}" } } ] } } }
            """)
        return pages
    }

    @Test func upstreamValuesFailuresAndTimeouts() throws {
        let upstream = FakeUpstream()
        upstream.script("/recs/1", .json(#"{"title":"Picked for you"}"#))
        upstream.script("/recs/2", .status(500))
        upstream.script("/recs/3", .hang)
        upstream.script("/recs/a%20b", .json(#"{"title":"Encoded"}"#))
        let pages = try Self.pages(upstream: upstream)
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)

        let ok = try client.request("/recs/1")
        #expect(ok.status == 200 && ok.bodyText.contains("Picked for you") && ok.bodyText.contains("Always here"))
        #expect(try client.request("/recs/1").body == ok.body)
        #expect(upstream.requests("/recs/1") == 1)

        let failed = try client.request("/recs/2")
        #expect(failed.status == 200 && failed.bodyText.contains("Always here") && !failed.bodyText.contains("\"id\":\"recs\""))
        // A failure is not cached, not even inside a cached page: the next request asks again.
        upstream.script("/recs/2", .json(#"{"title":"Back again"}"#))
        #expect(try client.request("/recs/2").bodyText.contains("Back again"))
        // The upstream never answers: only the source's timeout can have ended the wait.
        let slow = try client.request("/recs/3")
        #expect(slow.status == 200 && slow.bodyText.contains("Always here"))

        let missing = try client.request("/must/unscripted")
        #expect(missing.status == 404 && missing.bodyText.contains(#""type":"page""#))
        _ = try server.waitFor("the access log to note the missing source", timeout: 5) {
            server.accessLog.contains { $0.contains("path=/recs/2") && $0.contains("missing=recs") } ? true : nil
        }
        let metrics = try TestClient(port: server.port).request("/metrics").bodyText
        #expect(metrics.contains(#"trellis_upstream_failures_total{source="recommendations"}"#))
        server.stop()
        upstream.stop()
    }

    @Test func aPageBoundToAnUpstreamIsCachedNoLongerThanItsTTL() throws {
        let upstream = FakeUpstream()
        upstream.script("/recs/7", .json(#"{"title":"Fresh"}"#))
        let pages = try Self.pages(upstream: upstream, ttlSeconds: 1)
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        #expect(try client.request("/recs/7").bodyText.contains("Fresh"))
        #expect(upstream.requests("/recs/7") == 1)
        upstream.script("/recs/7", .json(#"{"title":"Fresher"}"#))
        let refreshed = try server.waitFor("the page to expire with its source's TTL", timeout: 10) {
            (try? client.request("/recs/7").bodyText).flatMap { $0.contains("Fresher") ? true : nil }
        }
        #expect(refreshed)
        #expect(upstream.requests("/recs/7") == 2)
        server.stop()
        upstream.stop()
    }
}
