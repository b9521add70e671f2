import Testing
@testable import SDUI

/// Route matching rules (SPEC §2.2).
@Suite struct RoutingTests {
    func site(_ routes: [String: String]) throws -> Site {
        var extra: [String: String] = [:]
        for (name, route) in routes {
            extra["pages/\(name).json"] = #"{"route":"\#(route)","root":{"id":"r","type":"page","data":{}}}"#
        }
        return try Fixtures.load(Fixtures.files(extra))
    }

    @Test func literalBeatsParamAndParamsAreCaptured() throws {
        let site = try site(["product": "/product/:id", "deals": "/product/deals", "home": "/", "rev": "/product/:id/reviews"])
        #expect(site.match(path: "/product/deals") == RouteMatch(page: "deals", params: [:]))
        #expect(site.match(path: "/product/42") == RouteMatch(page: "product", params: ["id": "42"]))
        #expect(site.match(path: "/product/deals/reviews") == RouteMatch(page: "rev", params: ["id": "deals"]))
        #expect(site.match(path: "/") == RouteMatch(page: "home", params: [:]))
    }

    @Test(arguments: ["/Product/1", "/product/", "/product", "/product/1/", "/product/a b", "/product/a%20b", "/product/é",
                      "product/1", "", "/product/" + String(repeating: "a", count: 129), "/nope"])
    func noMatch(path: String) throws {
        #expect(try site(["product": "/product/:id"]).match(path: path) == nil)
    }

    @Test func paramValuesUpTo128UnreservedCharacters() throws {
        let long = String(repeating: "a", count: 128)
        let site = try site(["product": "/product/:id"])
        #expect(site.match(path: "/product/\(long)")?.params == ["id": long])
        #expect(site.match(path: "/product/A-z_0.9~")?.params == ["id": "A-z_0.9~"])
    }

    @Test func aLiteralThatLeadsNowhereFallsBackToTheParamAndEmptySegmentsMatchNothing() throws {
        let site = try site(["a": "/a/b", "x": "/a/:x/c", "two": "/shop/:shop/item/:item", "deep": "/a/b/d"])
        #expect(site.match(path: "/a/b/c") == RouteMatch(page: "x", params: ["x": "b"]))
        #expect(site.match(path: "/a/b/d") == RouteMatch(page: "deep", params: [:]))
        #expect(site.match(path: "/a/z/c") == RouteMatch(page: "x", params: ["x": "z"]))
        #expect(site.match(path: "/shop/s-1/item/42") == RouteMatch(page: "two", params: ["shop": "s-1", "item": "42"]))
        for path in ["/a/b/", "/a//c", "//", "/", "/a/b/c/", "/shop/s/item/", "/shop//item/1", "/a/b/c/d"] {
            #expect(site.match(path: path) == nil, "\(path)")
        }
    }

    @Test func canaryIsNeverRoutedAndSpecialPagesHaveNoRoute() throws {
        let site = try site(["home": "/home", "home.canary": "/home"])
        #expect(site.match(path: "/home")?.page == "home")
        #expect(site.templates["home.canary"] != nil)
        #expect(site.maxAge(of: "home") == 0)
        #expect(site.match(path: "/upgrade") == nil && site.match(path: "/not-found") == nil)
    }
}
