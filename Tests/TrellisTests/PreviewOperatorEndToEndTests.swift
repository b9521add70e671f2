import Foundation
import TestSupport
import Testing
@testable import Trellis

/// The preview's page-author features over real sockets (SPEC §13): the route index, the banner
/// of a rejected reload on every preview page while the last good version keeps serving, and
/// the header and capabilities fields reaching every column's request.
@Suite(.serialized) struct PreviewOperatorEndToEndTests {
    static let home = "/_preview/home?client=ios/4.9.0&client=ios/6.0.0"

    @Test func theIndexListsEveryRouteAParameterRouteAtItsSample() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages, arguments: ["--preview"])
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        let index = try client.request("/_preview/")
        #expect(index.status == 200 && index.header("Content-Security-Policy") == PreviewDocument.contentSecurityPolicy)
        let html = index.bodyText
        for route in ["cart", "home", "search"] {
            #expect(html.contains(#"<a href="/_preview/\#(route)">/\#(route)</a>"#))
        }
        #expect(html.contains(#"<a href="/_preview/product/1">/product/:id</a> <code>/product/1</code>"#),
                "a parameter route at the first key of its file source")
        #expect(try client.request("/_preview/product/1").bodyText.contains("Preview /product/1"))
        #expect(try client.request(Self.home).bodyText.contains(#"<a class="index" href="/_preview/">"#))
    }

    @Test func aRejectedReloadIsABannerOnEveryPreviewPageUntilAGoodOne() throws {
        let pages = try TempPages()
        let server = try ServerProcess(pages: pages.path, arguments: ["--preview", "--reload-interval", "0.05"])
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        let good = try client.request(Self.home).bodyText
        #expect(!good.contains(#"class="rejected""#))
        let version = try #require(good.firstMatch(of: /version ([0-9a-f]{12})/)).1

        let home = try pages.read("pages/home.json")
        try pages.replaceByRename("pages/home.json", home.replacingOccurrences(of: #""maxAge": 60,"#, with: #""maxAge": "60","#))
        _ = try server.waitFor("the reload's rejection", timeout: 30) {
            (try? client.request("/_preview", method: "HEAD"))?.header("X-Pages-Rejection").flatMap { $0 == "0" ? nil : $0 }
        }
        for path in [Self.home, "/_preview/", "/_preview/product/1"] {
            let page = try client.request(path)
            #expect(page.status == 200)
            let html = page.bodyText
            #expect(html.contains(#"<div class="rejected" role="alert"><b>Reload rejected: 1 problem.</b> "#
                + "Still serving generation 1, version <code>\(version)</code>.<ul><li><code>pages/home.json:$.maxAge: "), "\(path)")
        }
        let stillServed = try client.request(Self.home).bodyText
        #expect(stillServed.components(separatedBy: #"<section class="client">"#).count == 3 && stillServed.contains("Made to last"))

        try pages.replaceByRename("pages/home.json", home)
        try server.waitForConfigVersion(2)
        #expect(try !client.request(Self.home).bodyText.contains(#"class="rejected""#), "a good load clears it")
        #expect(try client.request("/_preview", method: "HEAD").header("X-Pages-Rejection") == "0")
    }

    /// `header=Authorization: …` reaches the cart source (it forwards the header) from every
    /// column; `capabilities=page,text,…` makes every column fall back where the client would.
    @Test func headerAndCapabilitiesFieldsReachEveryColumn() throws {
        let upstream = FakeUpstream()
        upstream.script("/cart/mine", .echoHeader("Authorization"))
        let pages = try PersonalPagesEndToEndTests.pages(upstream: upstream)
        let server = try ServerProcess(pages: pages.path, arguments: ["--preview"])
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        let cart = try client.request("/_preview/cart?client=ios/6.0.0&client=none&header=Authorization%3A+Bearer+alice").bodyText
        #expect(cart.components(separatedBy: "Bearer alice</p>").count == 3, "each column's page carries alice's cart")
        #expect(cart.contains(#"<input name="header" placeholder="header" aria-label="header" value="Authorization: Bearer alice">"#))

        let plain = try client.request("/_preview/home?client=ios/6.0.0&client=web/1.0.0").bodyText
        #expect(!plain.contains("hero → text"))
        let limited = try client.request("/_preview/home?client=ios/6.0.0&client=web/1.0.0&capabilities=page,column,text,button,top-bar")
        #expect(limited.bodyText.components(separatedBy: "hero → text").count == 3, "both columns fall back")
        #expect(limited.bodyText.contains(#"value="page,column,text,button,top-bar""#))
    }
}
