import Foundation
import TestSupport
import Testing

/// The sample shop's cart badge (SPEC §6.2, §10.1, §11) through the running server, with the
/// https carts backend: `cart-badge` is deferred and binds the personal `cart` source, so the
/// product page stays shared (cached, not `private`, no `Authorization` in `Vary`) for an app
/// that `load`s it, while the badge fetched alone is the user's own; an app too old to load
/// would get it inline but can't render its `cart-count`, so it gets the shared page without
/// it and no cart is fetched for it (docs/DECISIONS.md "Sections a client can never show");
/// and `add-to-cart`'s refresh shows the new count.
@Suite(.serialized) struct SampleShopBadgeEndToEndTests {
    static let loads = ("X-Client-Version", "ios/6.0.0")
    /// Below `load`'s `since` (ios 5.1.0).
    static let cantLoad = ("X-Client-Version", "ios/5.0.0")
    static let alice = ("Authorization", "Bearer alice")
    static let bob = ("Authorization", "Bearer bob")
    static let placeholder = #"{"id":"cart-count","type":"skeleton","data":{"height":20,"onAppear":{"type":"load","url":"/product/3?_section=cart-badge","target":"cart-count","mode":"replace"}}}"#
    /// The badge as alice's cart (two items in samples/carts.json) makes it.
    static let alicesBadge = #"{"id":"cart-count","type":"cart-count","data":{"text":"2 items in your cart","style":"caption"}}"#
    static let cartCalls = #"trellis_upstream_requests_total{source="cart"}"#

    /// Asks for `related` alone first, so that its `auto` section is fresh and the product page
    /// defers `cart-badge` only: the page is then kept in the response cache.
    static func warmRelated(_ client: TestClient) throws {
        #expect(try client.request("/product/3?_section=related", headers: [loads]).status == 200)
    }

    @Test func anAppThatLoadsTheBadgeGetsASharedCachedPageWithItsPlaceholder() throws {
        let shop = try SampleShopServers(carts: true)
        defer { shop.stop() }
        let client = try TestClient(port: shop.server.port)
        try Self.warmRelated(client)
        let first = try client.request("/product/3", headers: [Self.loads, Self.alice])
        #expect(first.status == 200 && first.bodyText.contains(Self.placeholder) && !first.bodyText.contains("in your cart"))
        #expect(first.header("Cache-Control") == "public, max-age=60")
        #expect(first.header("Vary")?.contains("Authorization") == false)
        // Bob's request is answered from the entry alice's made: nothing in it is hers.
        let second = try client.request("/product/3", headers: [Self.loads, Self.bob])
        #expect(second.bodyText == first.bodyText)
        #expect(try shop.server.metric("trellis_cache_hits_total") == 1)
    }

    @Test func anAppTooOldToLoadGetsTheSharedPageWithoutTheBadgeAndNoCartIsFetched() throws {
        let shop = try SampleShopServers(carts: true)
        defer { shop.stop() }
        let client = try TestClient(port: shop.server.port)
        let alices = try client.request("/product/3", headers: [Self.cantLoad, Self.alice])
        #expect(alices.status == 200 && alices.bodyText.contains(#""id":"add-to-cart""#))
        #expect(!alices.bodyText.contains("cart-count") && !alices.bodyText.contains("in your cart"))
        #expect(alices.header("Cache-Control") == "public, max-age=60")
        #expect(alices.header("Vary")?.contains("Authorization") == false)
        // Bob's request is answered from the entry alice's made, and no cart was asked for either.
        let bobs = try client.request("/product/3", headers: [Self.cantLoad, Self.bob])
        #expect(bobs.bodyText == alices.bodyText && bobs.header("ETag") == alices.header("ETag"))
        #expect(try shop.server.metric("trellis_cache_hits_total") == 1)
        #expect(try shop.server.metric(Self.cartCalls) == nil)
        // The badge alone has nothing for it.
        let badge = try client.request("/product/3?_section=cart-badge", headers: [Self.cantLoad, Self.alice])
        #expect(badge.status == 204 && badge.header("X-Section") == "cart-badge")
        // Alice adds to her cart with the old app's action: the shared page, which read none of it, stays cached.
        let added = try client.post("/_actions/add-to-cart", #"{"input":{"productId":"3"},"page":"/product/3"}"#,
                                    headers: [("Content-Type", "application/json"), Self.alice, Self.cantLoad])
        #expect(added.status == 200)
        #expect(try client.request("/product/3", headers: [Self.cantLoad, Self.bob]).bodyText == alices.bodyText)
        #expect(try shop.server.metric("trellis_cache_hits_total") == 2)
    }

    @Test func theBadgeAloneIsTheUsersOwnAndPrivate() throws {
        let shop = try SampleShopServers(carts: true)
        defer { shop.stop() }
        let client = try TestClient(port: shop.server.port)
        let badge = try client.request("/product/3?_section=cart-badge", headers: [Self.loads, Self.alice])
        #expect(badge.status == 200 && badge.header("X-Section") == "cart-badge")
        #expect(badge.bodyText == Self.alicesBadge)
        #expect(badge.header("Cache-Control") == "private, no-cache" && badge.header("Vary")?.contains("Authorization") == true)
        let bobs = try client.request("/product/3?_section=cart-badge", headers: [Self.loads, Self.bob])
        #expect(bobs.bodyText == #"{"id":"cart-count","type":"cart-count","data":{"text":"1 item in your cart","style":"caption"}}"#)
    }

    @Test func addingToTheCartRefreshesTheBadgeWithTheNewCountAndKeepsTheSharedPage() throws {
        let shop = try SampleShopServers(carts: true)
        defer { shop.stop() }
        let client = try TestClient(port: shop.server.port)
        try Self.warmRelated(client)
        let page = try client.request("/product/3", headers: [Self.loads, Self.alice])
        let added = try client.post("/_actions/add-to-cart", #"{"input":{"productId":"3"},"page":"/product/3"}"#,
                                    headers: [("Content-Type", "application/json"), Self.alice, Self.loads])
        #expect(added.status == 200)
        #expect(added.bodyText.hasPrefix(
            #"{"ops":[{"op":"replace","target":"cart-count","component":{"id":"cart-count","type":"cart-count","data":{"text":"3 items in your cart","style":"caption"}}},"#))
        // The action dropped alice's cart, not the shared page, which read none of it.
        #expect(try client.request("/product/3", headers: [Self.loads, Self.bob]).bodyText == page.bodyText)
        #expect(try shop.server.metric("trellis_cache_hits_total") == 1)
        let badge = try client.request("/product/3?_section=cart-badge", headers: [Self.loads, Self.alice])
        #expect(badge.bodyText.contains(#""text":"3 items in your cart""#))
    }
}
