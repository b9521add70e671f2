import Foundation
import HTTPServer
import SDUI
import Testing
import TestSupport
@testable import Trellis

/// What a page or section answer tells shared caches (SPEC §12): `public` unless personal,
/// `Vary` naming exactly the headers that can shape the body, the template's stale times cut at
/// the schedule's next edge, and `X-Trellis-Plan`, `X-Trellis-Edge` and `xkey` on every answer.
@Suite struct SharedCacheHeadersTests {
    static func run(_ path: String, _ headers: [(String, String)] = [], through pipeline: PagePipeline = PagePipelineTests.pipeline())
        -> PageOutcome {
        PagePipelineTests.run(path, headers, through: pipeline)
    }

    static func header(_ outcome: PageOutcome, _ name: String) -> String? { PagePipelineTests.header(outcome, name) }

    /// A site of `files` (a catalog with a page type, `upgrade` and `not-found` added).
    static func site(_ files: [String: String]) throws -> Site {
        var all = [
            "catalog.json": #"{"components":{"page":{"slots":["children"]},"text":{"required":["text"]}}}"#,
            "pages/upgrade.json": #"{"root":{"id":"u","type":"page","data":{"children":[]}}}"#,
            "pages/not-found.json": #"{"root":{"id":"n","type":"page","data":{"children":[]}}}"#,
        ]
        all.merge(files) { _, new in new }
        return try Site.load(files: all.mapValues { Array($0.utf8) }).get()
    }

    static let page = #"{"route":"/p","maxAge":60,"root":{"id":"p","type":"page","data":{"children":[]}}}"#

    @Test func theSampleHomeVariesWithTheDeviceAndAProductDoesNot() {
        #expect(Self.header(Self.run("/home"), "Vary")
            == "Accept-Encoding, X-Client-Version, X-Client-Capabilities, X-Device-Id, X-AB-Variant, X-Release, Accept-Language")
        // For an app that loads the personal cart badge, the product page is shared; so it is for
        // one too old to show the badge; one that shows it inline gets a personal page, which
        // varies with the credential.
        #expect(Self.header(Self.run("/product/3", [("X-Client-Version", "ios/6.0.0")]), "Vary")
            == "Accept-Encoding, X-Client-Version, X-Client-Capabilities, Accept-Language")
        #expect(Self.header(Self.run("/product/3", [("X-Client-Version", "ios/5.0.0")]), "Vary")
            == "Accept-Encoding, X-Client-Version, X-Client-Capabilities, Accept-Language")
        let showsTheBadge = ("X-Client-Capabilities", "page,text,image,button,price,top-bar,footer,cart-count")
        #expect(Self.header(Self.run("/product/3", [("X-Client-Version", "ios/5.0.0"), showsTheBadge]), "Vary")
            == "Accept-Encoding, X-Client-Version, X-Client-Capabilities, Accept-Language, Authorization")
        // The product's related section alone varies as its page does.
        #expect(Self.header(Self.run("/product/3?_section=related"), "Vary")
            == "Accept-Encoding, X-Client-Version, X-Client-Capabilities, Accept-Language")
    }

    @Test func aSiteThatNothingButTheCodingAndCapabilitiesCanShapeVariesOnThoseAlone() throws {
        let pipeline = PagePipeline(site: try Self.site(["pages/p.json": Self.page]), upstream: nil)
        #expect(Self.header(Self.run("/p", through: pipeline), "Vary") == "Accept-Encoding, X-Client-Capabilities")
        #expect(Self.header(Self.run("/p", through: pipeline), "Cache-Control") == "public, max-age=60")
    }

    @Test func aVersionVariesOnlyWhenSomeBoundaryExists() throws {
        let soft = try Self.site(["pages/p.json": Self.page, "rollout.json": #"{"softMinVersions":{"web":"2.0.0"},"#
            + #""experiments":[],"canaries":[]}"#, "fragments/update-banner.json": #"{"id":"b","type":"text","data":{"text":"x"}}"#])
        #expect(Self.header(Self.run("/p", through: PagePipeline(site: soft, upstream: nil)), "Vary")
            == "Accept-Encoding, X-Client-Version, X-Client-Capabilities")
    }

    @Test func eachNameIsListedOnceAndOriginJoinsTheListWithCORS() throws {
        #expect(SharedCacheHeaders.vary(page: "home", forwarded: ["accept-language", "Authorization", "x-device-id", "Origin"],
                                        site: PagePipelineTests.site, origin: true)
            == "Accept-Encoding, X-Client-Version, X-Client-Capabilities, X-Device-Id, X-AB-Variant, X-Release, "
            + "Accept-Language, Origin, Authorization")
    }

    @Test func aPersonalPageIsPrivateAndItsSharedSectionPublic() {
        let cart = Self.run("/cart", [("Authorization", "Bearer alice")])
        #expect(Self.header(cart, "Cache-Control") == "private, no-cache")
        #expect(Self.header(cart, "Vary")?.hasSuffix(", Authorization") == true)
        #expect(Self.header(cart, "X-Trellis-Plan")?.count == 32)
    }

    @Test func staleTimesComeFromTheTemplateAndStopAtTheNextEdge() throws {
        let page = #"{"route":"/p","maxAge":60,"staleWhileRevalidate":30,"staleIfError":86400,"#
            + #""root":{"id":"p","type":"page","data":{"children":[{"id":"t","type":"text","#
            + #""activeUntil":"2026-06-15T12:01:40Z","data":{"text":"sale"}}]}}}"#
        let pipeline = PagePipeline(site: try Self.site(["pages/p.json": page]), upstream: nil)
        let request = HTTPRequest(method: "GET", target: "/p", headers: HTTPHeaders([]))
        // 100 s before the edge: max-age 60, then 40 s of staleness at most.
        #expect(Self.header(pipeline.answer(request, date: TestInstant.date), "Cache-Control")
            == "public, max-age=60, stale-while-revalidate=30, stale-if-error=40")
        // After the edge, nothing is scheduled: the template's own.
        #expect(Self.header(pipeline.answer(request, date: TestInstant.date.addingTimeInterval(200)), "Cache-Control")
            == "public, max-age=60, stale-while-revalidate=30, stale-if-error=86400")
    }

    @Test func aNegativeStaleTimeIsAValidationProblem() {
        let page = #"{"route":"/p","staleIfError":-1,"root":{"id":"p","type":"page","data":{"children":[]}}}"#
        #expect(throws: (any Error).self) { try Self.site(["pages/p.json": page]) }
    }

    @Test func everyAnswerNamesItsPlanEdgeAndSurrogateKeys() {
        let version = PagePipelineTests.site.version
        let canary = Self.run("/home", [("X-Release", "canary")])
        #expect(canary.representation?.result.template == "home.canary")
        #expect(Self.header(canary, "xkey") == "trellis-\(version) page-home")
        let missing = Self.run("/product/999")
        #expect(missing.response.status == 404 && Self.header(missing, "xkey") == "trellis-\(version) page-not-found")
        let upgrade = Self.run("/home", [("X-Client-Version", "ios/3.0.0")])
        #expect(Self.header(upgrade, "xkey") == "trellis-\(version) page-upgrade")
        for outcome in [canary, missing, upgrade] {
            #expect(Self.header(outcome, "X-Trellis-Plan")?.count == 32)
            #expect(Self.header(outcome, "X-Trellis-Edge") == EdgeModel(site: PagePipelineTests.site).hash)
        }
    }

    @Test func thePlanNamesTheClassLocaleVariantsAndRelease() {
        func plan(_ headers: [(String, String)]) -> String? { Self.header(Self.run("/home", headers), "X-Trellis-Plan") }
        let base = [("X-Client-Version", "ios/5.1.0"), ("Accept-Language", "fr"), ("X-AB-Variant", "home-hero=A")]
        // Same class (5.1.0 up to the next boundary), same plan.
        #expect(plan(base) == plan([("X-Client-Version", "ios/5.1.7"), ("Accept-Language", "fr-CA"), ("X-AB-Variant", "home-hero=A")]))
        #expect(plan(base) != plan([("X-Client-Version", "ios/5.0.9")] + base.dropFirst()))
        #expect(plan(base) != plan([base[0], ("Accept-Language", "pl"), base[2]]))
        #expect(plan(base) != plan([base[0], base[1], ("X-AB-Variant", "home-hero=B")]))
        #expect(plan(base) != plan(base + [("X-Release", "canary")]))
        #expect(plan(base) != plan(base + [("X-Client-Capabilities", "page,text")]))
    }
}
