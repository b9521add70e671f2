import Foundation
import Testing
@testable import SDUI

/// `activeFrom`/`activeUntil` (SPEC §7.5) and the soft upgrade's banner (§7.3).
@Suite struct ScheduleTests {
    static let children = #"""
    [{ "id": "sale", "type": "text", "data": { "text": "Sale" },
       "activeFrom": "2026-12-01T00:00:00+01:00", "activeUntil": "2026-12-02T00:00:00Z" },
     { "$if": "params.none", "else": { "id": "soon", "type": "text", "data": { "text": "Soon" } },
       "activeUntil": "2026-11-30T23:00:00Z" },
     { "id": "always", "type": "text", "data": { "text": "Always" } }]
    """#

    func render(_ site: Site, at text: String, banner: Bool = false) -> String {
        let date = Date(timeIntervalSince1970: Timestamp.parse(text)!)
        guard case .page(let page) = site.render(template: "p", params: [:], data: [:], client: site.clientClass(for: .unknown),
                                                 variants: [:], at: date, updateBanner: banner) else { return "UPGRADE" }
        return String(decoding: page.body, as: UTF8.self)
    }

    func ids(_ body: String) -> [String] {
        body.split(separator: "\"id\":\"").dropFirst().map { String($0.prefix(while: { $0 != "\"" })) }
    }

    @Test func aScheduledNodeIsPresentOnlyInsideItsWindow() throws {
        let site = try Fixtures.load(Fixtures.page(Self.children))
        #expect(ids(render(site, at: "2026-11-30T22:59:59Z")) == ["p", "soon", "always"])
        #expect(ids(render(site, at: "2026-11-30T23:00:00Z")) == ["p", "sale", "always"])
        #expect(ids(render(site, at: "2026-12-01T23:59:59.5Z")) == ["p", "sale", "always"])
        #expect(ids(render(site, at: "2026-12-02T00:00:00Z")) == ["p", "always"])
    }

    @Test func theNextEdgeIsTheFirstInstantAfterTheDate() throws {
        let site = try Fixtures.load(Fixtures.page(Self.children))
        func next(_ text: String) -> Double? {
            site.nextEdge(of: "p", after: Date(timeIntervalSince1970: Timestamp.parse(text)!))?.timeIntervalSince1970
        }
        #expect(next("2026-11-01T00:00:00Z") == Timestamp.parse("2026-11-30T23:00:00Z"))
        #expect(next("2026-11-30T23:00:00Z") == Timestamp.parse("2026-12-02T00:00:00Z"))
        #expect(next("2026-12-02T00:00:00Z") == nil)
    }

    @Test func validationReportsReversedWindowsAndBadTimestamps() {
        let problems = Fixtures.problems(Fixtures.page(#"""
        [{ "id": "a", "type": "text", "data": { "text": "A" }, "activeFrom": "2026-12-02T00:00:00Z", "activeUntil": "2026-12-01T00:00:00Z" },
         { "id": "b", "type": "text", "data": { "text": "B" }, "activeFrom": "2026-12-02 00:00" }]
        """#))
        #expect(problems == [
            "pages/p.json:$.root.data.children[0].activeUntil: the window ends before it starts (activeUntil must be after activeFrom)",
            #"pages/p.json:$.root.data.children[1].activeFrom: expected an RFC 3339 timestamp with an offset, such as "2026-12-01T00:00:00Z""#,
        ])
    }

    @Test func timestampsAreRFC3339WithAnOffset() {
        #expect(Timestamp.parse("1970-01-01T00:00:00Z") == 0)
        #expect(Timestamp.parse("2000-03-01T01:00:00+01:00") == 951_868_800)
        #expect(Timestamp.parse("2026-02-29T00:00:00Z") == nil)
        #expect(Timestamp.parse("2026-12-01T00:00:00") == nil)
        #expect(Timestamp.parseDate("2024-02-29") == 1_709_164_800)
    }

    @Test func theBannerIsTheFirstElementOfTheRootsFirstSlot() throws {
        let files = Fixtures.page(#"[{ "id": "always", "type": "text", "data": { "text": "Always" } }]"#, extra: [
            "rollout.json": #"{ "softMinVersions": { "ios": "5.0.0" } }"#,
            "fragments/update-banner.json": #"{ "id": "update-banner", "type": "text", "data": { "text": "Update" } }"#,
        ])
        let site = try Fixtures.load(files)
        #expect(ids(render(site, at: "2026-01-01T00:00:00Z", banner: true)) == ["p", "update-banner", "always"])
        #expect(ids(render(site, at: "2026-01-01T00:00:00Z")) == ["p", "always"])
        #expect(site.rollout.upgradeSuggested(ClientVersion(header: "ios/4.9.0")))
        #expect(!site.rollout.upgradeSuggested(ClientVersion(header: "ios/5.0.0")))
        #expect(!site.rollout.upgradeSuggested(nil))
        var missing = files
        missing["fragments/update-banner.json"] = nil
        #expect(Fixtures.problems(missing) == ["rollout.json:$.softMinVersions: needs fragments/update-banner.json (the banner it inserts)"])
    }
}
