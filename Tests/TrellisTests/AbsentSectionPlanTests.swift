import HTTPServer
import SDUI
import Testing
import TestSupport
@testable import Trellis

/// The sample product page for an app too old to show its cart badge (docs/DECISIONS.md
/// "Sections a client can never show"): `cart-badge` is inline for it (it can't `load`) but its
/// `cart-count` has no type it renders, so the page's plan reads and forwards nothing of the
/// personal `cart` source: shared, and the same bytes as with the cart fetched.
@Suite struct AbsentSectionPlanTests {
    static let site = try! PagesLoader.load(PagesFolder(path: ServerProcess.packageRoot + "/Pages")).get()
    /// Below `load`'s and `cart-count`'s `since` (ios 5.1.0).
    static let old = ("X-Client-Version", "ios/5.0.0")
    static let alice = ("Authorization", "Bearer alice")

    func decide(_ target: String, _ headers: [(String, String)]) throws -> (PagePipeline, PagePlan) {
        let pipeline = PagePipeline(site: Self.site, cache: nil, upstream: nil)
        return (pipeline, try pipeline.decide(HTTPRequest(method: "GET", target: target, headers: HTTPHeaders(headers))))
    }

    @Test func anOldAppsProductPlanIsSharedAndReadsNoCart() throws {
        let (pipeline, plan) = try decide("/product/3", [Self.old, Self.alice, ("Accept-Language", "fr")])
        #expect(plan.deferred == nil && !plan.personal && plan.forwardedNames.isEmpty && plan.forwardedValues.isEmpty)
        #expect(pipeline.startLoading(plan).requests.map(\.entry) == ["product", "related"])
        // Every user of the class has the one plan, so the one cache entry.
        #expect(try decide("/product/3", [Self.old, ("Authorization", "Bearer bob"), ("Accept-Language", "fr")]).1 == plan)
    }

    @Test func anOldAppThatNamesTheTypeInItsCapabilitiesStillReadsItsCart() throws {
        let capabilities = ("X-Client-Capabilities", "page,text,image,button,price,top-bar,footer,cart-count")
        let (pipeline, plan) = try decide("/product/3", [Self.old, capabilities, Self.alice])
        #expect(plan.personal && plan.forwardedNames == ["Authorization", "Accept-Language"])
        #expect(pipeline.startLoading(plan).requests.map(\.entry).contains("cart"))
    }

    @Test func thePageIsWhatTheCartWouldHaveMadeItButForWhatMadeItPersonal() throws {
        let headers = [Self.old, Self.alice]
        let (pipeline, shared) = try decide("/product/3", headers)
        // The plan as it was before sections could be absent: the template's whole forwarding.
        var personal = shared
        personal.forward(Self.site.forwarding(of: shared.template), of: HTTPHeaders(headers))
        #expect(personal.personal)
        let request = Self.site.dataRequests(template: "product", params: ["id": "3"]).filter { $0.entry == "product" }
        var data = PageData(values: Self.site.fileData(for: request))
        let unfetched = pipeline.resolve(shared, data: data, at: TestInstant.date)
        data.values["cart"] = .object(JSONObject(["itemCount": .number("2")]))
        let fetched = pipeline.resolve(personal, data: data, at: TestInstant.date)
        #expect(unfetched.status == 200 && unfetched.body == fetched.body && !String(decoding: unfetched.body, as: UTF8.self).contains("cart-count"))
        #expect(unfetched.maxAge == fetched.maxAge && unfetched.nextEdge == fetched.nextEdge)
        #expect(unfetched.shared.xkey == fetched.shared.xkey && unfetched.shared.edge == fetched.shared.edge)
        // `X-Trellis-Plan` carries no personal value: the same token.
        #expect(unfetched.shared.plan == fetched.shared.plan)
        // What personal data change: the answer is personal, and `Vary` names the cart's credential.
        #expect(!unfetched.personal && fetched.personal && fetched.shared.vary == unfetched.shared.vary + ", Authorization")
        // The badge the cart brings is dropped for this client, counted only where it was there to drop.
        #expect(fetched.fallbacks == unfetched.fallbacks + 1 && fetched.fallbackTypes["cart-count"] == 1)
    }
}
