import Foundation
import Testing
import TestSupport
@testable import SDUI

/// Client-version negotiation (SPEC §2.1, §4.1): types served, fallback chains, pruned
/// fields, `X-Fallbacks` counts and upgrades.
@Suite struct NegotiationTests {
    static let children = #"""
    [{"id":"c","type":"carousel","data":{"items":[{"id":"i1","type":"image","data":{"url":"u1","alt":"One"}},{"id":"i2","type":"image","data":{"url":"u2"}}]}},
     {"id":"b","type":"button","data":{"title":"Go","style":"primary","action":{"k":"v"}}}]
    """#

    func served(_ client: ClientDescriptor, _ children: String = children) throws -> RenderedPage? {
        let site = try Fixtures.load(Fixtures.page(children))
        return Fixtures.renderPage(site, client: client)
    }

    func text(_ page: RenderedPage?) -> String { page.map { String(decoding: $0.body, as: UTF8.self) } ?? "UPGRADE" }

    static let modern = #"{"id":"p","type":"page","data":{"children":[{"id":"c","type":"carousel","data":{"items":[{"id":"i1","type":"image","data":{"url":"u1","alt":"One"}},{"id":"i2","type":"image","data":{"url":"u2"}}]}},{"id":"b","type":"button","data":{"title":"Go","style":"primary","action":{"k":"v"}}}]}}"#
    static let columnOfImages = #"{"id":"p","type":"page","data":{"children":[{"id":"c","type":"column","data":{"elements":[{"id":"i1","type":"image","data":{"url":"u1","alt":"One"}},{"id":"i2","type":"image","data":{"url":"u2"}}]}},{"id":"b","type":"button","data":{"title":"Go","style":"primary","action":{"k":"v"}}}]}}"#
    static let columnOfImagesNoStyle = columnOfImages.replacingOccurrences(of: #""style":"primary","#, with: "")
    static let columnOfTexts = #"{"id":"p","type":"page","data":{"children":[{"id":"c","type":"column","data":{"elements":[{"id":"i1","type":"text","data":{"text":"One"}}]}},{"id":"b","type":"button","data":{"title":"Go","action":{"k":"v"}}}]}}"#

    /// (client, body, X-Fallbacks) across platforms, below / at / above each `since`.
    static let table: [(String, String, Int)] = [
        ("ios/1.9.9", columnOfTexts, 3),
        ("ios/2.0.0", columnOfImagesNoStyle, 1),
        ("ios/4.1.0-rc.1", columnOfImagesNoStyle, 1),
        ("ios/4.1.0", columnOfImages, 1),
        ("ios/5.0.0-beta", columnOfImages, 1),
        ("ios/5.0.0", modern, 0),
        ("ios/5.0.1+build.7", modern, 0),
        ("android/3.9.0", columnOfImagesNoStyle, 1),
        ("android/4.0.0", columnOfImages, 1),
        ("android/5.1.9", columnOfImages, 1),
        ("android/5.2.0", modern, 0),
        ("web/0.9.0", columnOfTexts, 3),
        ("web/1.0.0", modern.replacingOccurrences(of: #""style":"primary","#, with: ""), 0),
    ]

    @Test(arguments: table)
    func servesTypesAndFieldsByVersion(client: String, body: String, fallbacks: Int) throws {
        let page = try served(Fixtures.client(client))
        #expect(text(page) == body, "\(client)")
        #expect(page?.fallbacks == fallbacks, "\(client)")
    }

    @Test func oldClientCountsEachOriginalOnceByOriginalType() throws {
        let page = try #require(try served(Fixtures.client("ios/1.0.0")))
        #expect(page.fallbacks == 3)
        #expect(page.fallbackTypes == ["carousel": 1, "image": 2])
    }

    @Test func unknownClientGetsOnlyBaselineTypesAndNoSinceFields() throws {
        #expect(text(try served(.unknown)) == Self.columnOfTexts)
    }

    @Test func capabilitiesOverrideSinceButFieldsFollowTheVersion() throws {
        let caps: Set<String> = ["page", "carousel", "image", "button", "text", "column"]
        #expect(text(try served(.capabilities(caps, version: nil))) == Self.modern.replacingOccurrences(of: #""style":"primary","#, with: ""))
        #expect(text(try served(.capabilities(caps, version: ClientVersion(header: "ios/1.0.0")!))) == Self.modern.replacingOccurrences(of: #""style":"primary","#, with: ""))
        #expect(text(try served(.capabilities(caps, version: ClientVersion(header: "ios/4.1.0")!))) == Self.modern)
        let noCarousel = try served(.capabilities(["page", "column", "image", "button", "text"], version: ClientVersion(header: "ios/9.0.0")!))
        #expect(text(noCarousel) == Self.columnOfImages)
        #expect(text(try served(.capabilities(["column"], version: nil))) == "UPGRADE")
    }

    @Test func inlineFallbackWinsAndInlineNullDrops() throws {
        let children = #"[{"id":"r","type":"rating","fallback":{"type":"text","data":{"text":"{{value}} stars"}},"data":{"value":4.5}},{"id":"r2","type":"rating","fallback":null,"data":{"value":1}},{"id":"i","type":"image","fallback":null,"data":{"url":"u"}}]"#
        let page = try #require(try served(Fixtures.client("ios/1.0.0"), children))
        #expect(text(page) == #"{"id":"p","type":"page","data":{"children":[{"id":"r","type":"text","data":{"text":"4.5 stars"}}]}}"#)
        #expect(page.fallbacks == 3)
        #expect(page.fallbackTypes == ["rating": 2, "image": 1])
    }

    @Test func aSlotEmptiedByNegotiationStaysAnEmptyArray() throws {
        let children = #"[{"id":"col","type":"column","data":{"elements":[{"id":"r","type":"rating","data":{"value":1}}]}}]"#
        #expect(text(try served(Fixtures.client("ios/5.0.0"), children)) == #"{"id":"p","type":"page","data":{"children":[{"id":"col","type":"column","data":{"elements":[]}}]}}"#)
    }

    @Test func requiredComponentWithoutRenderableFallbackMeansUpgrade() throws {
        let required = #"[{"id":"r","type":"rating","required":true,"data":{"value":1}}]"#
        #expect(try served(Fixtures.client("ios/5.0.0"), required) == nil)
        #expect(try served(Fixtures.client("ios/6.0.0"), required) != nil)
        let replaced = #"[{"id":"c","type":"carousel","required":true,"data":{"items":[]}}]"#
        #expect(text(try served(Fixtures.client("ios/1.0.0"), replaced)) == #"{"id":"p","type":"page","data":{"children":[{"id":"c","type":"column","data":{"elements":[]}}]}}"#)
    }

    @Test func clientClassesAreSharedByClientsThatGetTheSameBytes() throws {
        let site = try Fixtures.load(Fixtures.page("[]"))
        let a = site.clientClass(for: Fixtures.client("ios/5.2.0"))
        #expect(a == site.clientClass(for: Fixtures.client("ios/5.2.1")))
        #expect(a == site.clientClass(for: Fixtures.client("ios/5.9.0")))
        #expect(a != site.clientClass(for: Fixtures.client("ios/6.0.0")))
        #expect(a != site.clientClass(for: Fixtures.client("ios/4.9.0")))
        #expect(site.clientClass(for: .unknown) == site.clientClass(for: .capabilities(["page", "column", "text", "divider", "button"], version: nil)))
    }
}

@Suite struct ClientClassAcrossSitesTests {
    @Test func aClassFromAnotherSiteIsRecomputedNotMisread() throws {
        let small = try Fixtures.load(Fixtures.files([:], catalog: #"{"components":{"page":{"slots":["children"]}}}"#))
        let site = try Fixtures.load(Fixtures.page(#"[{"id":"r","type":"rating","data":{"value":1}}]"#))
        let foreign = small.clientClass(for: Fixtures.client("ios/6.0.0"))
        guard case .page(let page) = site.render(template: "p", params: [:], data: [:], client: foreign, variants: [:], at: TestInstant.date) else {
            Issue.record("expected a page"); return
        }
        #expect(String(decoding: page.body, as: UTF8.self).contains(#""type":"rating""#))
    }

    @Test func capabilityNamesTheCatalogDoesNotKnowAreDroppedBeforeTheClassIsFormed() throws {
        let site = try Fixtures.load(Fixtures.page(NegotiationTests.children))
        let junk = Set((0..<200).map { "no-such-type-\($0)-" + String(repeating: "x", count: 100) })
        let padded = site.clientClass(for: ClientDescriptor.capabilities(junk.union(["page", "text"]), version: nil))
        #expect(padded == site.clientClass(for: ClientDescriptor.capabilities(["page", "text"], version: nil)))
        #expect(padded.profile.descriptor == ClientDescriptor.capabilities(["page", "text"], version: nil))
    }
}

@Suite struct ClientClassHeapTests {
    @Test func aKeyChargesTheProfileOnlyWhenTheSitesTableDoesNotHoldIt() throws {
        let site = try Fixtures.load(Fixtures.page(NegotiationTests.children))
        let held = site.clientClass(for: ClientDescriptor.capabilities(["page", "carousel", "image", "button"], version: nil))
        #expect(held.profileHeldBySite && held.heapBytes == 48 + held.signatureBytes)
        let loose = ClientClass(profile: held.profile, profileHeldBySite: false)
        #expect(loose == held, "the same class: equality is by signature")
        #expect(loose.heapBytes > held.heapBytes + 3 * 48, "its flags and capability names are charged")
    }

    @Test func theTableStopsHoldingProfilesOnceFull() throws {
        let site = try Fixtures.load(Fixtures.page(NegotiationTests.children))
        let table = ClientClassTable(catalog: site.catalog, limit: 1)
        let first = table.clientClass(for: Fixtures.client("ios/6.0.0"))
        let second = table.clientClass(for: Fixtures.client("ios/4.9.0"))
        #expect(first.profileHeldBySite && !second.profileHeldBySite)
        #expect(table.clientClass(for: Fixtures.client("ios/6.0.0")).profileHeldBySite)
    }

    /// The class looked up last is answered without the table, and switching between clients
    /// never answers one client with the other's class.
    @Test func alternatingClientsEachGetTheirOwnClass() throws {
        let site = try Fixtures.load(Fixtures.page("[]"))
        let current = site.clientClass(for: Fixtures.client("ios/6.0.0"))
        let old = site.clientClass(for: Fixtures.client("ios/4.9.0"))
        #expect(current != old)
        for _ in 0..<3 {
            #expect(site.clientClass(for: Fixtures.client("ios/6.0.0")) == current)
            #expect(site.clientClass(for: Fixtures.client("ios/6.0.0")) == current)
            #expect(site.clientClass(for: Fixtures.client("ios/4.9.0")) == old)
        }
    }
}
