import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

/// A personal page through the running server (SPEC §6.2): users never see each other's data,
/// under concurrent load, and the shared cache never serves them; a failing source falls back
/// to its stale value and the access log says so.
@Suite(.serialized) struct PersonalPagesEndToEndTests {
    static func pages(upstream: FakeUpstream) throws -> TempPages {
        let pages = try TempPages()
        try pages.setSources([
            "cart": #"{ "url": "\#(upstream.url("/cart/{{key}}"))", "timeoutMs": 2000, "ttlSeconds": 5, "forwardHeaders": ["Authorization"] }"#,
            "deals": #"{ "url": "\#(upstream.url("/deals/{{key}}"))", "timeoutMs": 2000, "ttlSeconds": 1, "staleIfErrorSeconds": 600 }"#,
        ])
        try pages.replaceByRename("pages/cart.json", """
            { "route": "/cart", "maxAge": 60, "data": { "cart": { "source": "cart", "key": "mine" } },
              "root": { "id": "cart-page", "type": "page", "data": { "children": [
                { "id": "owner", "type": "text", "data": { "text": "{{cart.value}}" } } ] } } }
            """)
        try pages.replaceByRename("pages/deals.json", """
            { "route": "/deals", "maxAge": 60, "data": { "offer": { "source": "deals", "key": "today" } },
              "root": { "id": "deals-page", "type": "page", "data": { "children": [
                { "id": "deal", "type": "text", "data": { "text": "{{offer.title}}" } } ] } } }
            """)
        return pages
    }

    @Test func twoUsersHammeringOnePersonalPageNeverSeeEachOthersData() throws {
        let upstream = FakeUpstream()
        upstream.script("/cart/mine", .echoHeader("Authorization"))
        let pages = try Self.pages(upstream: upstream)
        let server = try ServerProcess(pages: pages.path)
        let mixedUp = Atomic<Int>(0)
        let answered = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let user = worker % 2 == 0 ? "Bearer alice" : "Bearer bob"
            guard let client = try? TestClient(port: server.port) else { return }
            for _ in 0..<25 {
                guard let page = try? client.request("/cart", headers: [("Authorization", user)]) else { continue }
                answered.add(1, ordering: .relaxed)
                if page.status != 200 || !page.bodyText.contains(#""text":"\#(user)""#) { mixedUp.add(1, ordering: .relaxed) }
                if page.header("Cache-Control") != "private, no-cache" { mixedUp.add(1, ordering: .relaxed) }
            }
        }
        #expect(answered.load(ordering: .relaxed) == 200)
        #expect(mixedUp.load(ordering: .relaxed) == 0)
        let page = try TestClient(port: server.port).request("/cart", headers: [("Authorization", "Bearer alice")])
        #expect(page.header("Vary")?.hasSuffix(", Authorization") == true)
        // The shared response cache was never used for it; the upstream saw one call per user
        // (the per-user value cache, ttlSeconds 5).
        #expect(try server.metric("trellis_cache_hits_total") == 0)
        #expect(upstream.requests("/cart/mine") == 2)
        #expect(server.stop() == 0)
    }

    /// The stale page names the source (not the page's entry, `offer`) and is kept by no cache:
    /// `no-store`, where a fresh one is `public, max-age=60`.
    @Test func aFailingSourceServesItsStaleValueAndTheLogSaysSo() throws {
        let upstream = FakeUpstream()
        upstream.script("/deals/today", .json(#"{"title":"Half price"}"#))
        let pages = try Self.pages(upstream: upstream)
        let server = try ServerProcess(pages: pages.path)
        let client = try TestClient(port: server.port)
        let fresh = try client.request("/deals")
        #expect(fresh.bodyText.contains("Half price") && fresh.header("Cache-Control") == "public, max-age=60")
        upstream.script("/deals/today", .status(503))
        // ttlSeconds is 1: wait (bounded) until a fetch fails and the stale value stands in.
        let stale = try server.waitFor("a stale answer", timeout: 10) {
            let page = try? client.request("/deals")
            return page?.bodyText.contains("Half price") == true
                && server.accessLog.contains { $0.contains("path=/deals") && $0.contains("cache=stale") } ? page : nil
        }
        #expect(stale.header("Cache-Control") == "no-store")
        #expect(server.accessLog.contains { $0.contains("path=/deals") && $0.contains("stale=deals") && !$0.contains("stale=offer") })
        #expect(upstream.requests("/deals/today") >= 2)
        #expect(server.stop() == 0)
    }
}
