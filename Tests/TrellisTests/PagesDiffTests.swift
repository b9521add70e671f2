import Foundation
import SDUI
import Testing
import TestSupport
@testable import Trellis

/// `trellis diff` and `validate --max-bytes` (SPEC §8.4): every route for every client class
/// that tells the versions apart, through the one pipeline.
@Suite struct PagesDiffTests {
    static func site(_ pages: TempPages) throws -> Site {
        try PagesLoader.load(PagesFolder(path: pages.path)).get()
    }

    /// A copy of the sample shop with `catalog.json` (or `file`) edited.
    static func edited(_ file: String = "catalog.json", with edit: (String) -> String) throws -> TempPages {
        let pages = try TempPages()
        let text = try pages.read(file)
        let changed = edit(text)
        #expect(changed != text, "the edit must change \(file)")
        try pages.write(file, changed)
        return pages
    }

    static func raiseCarouselSince(_ catalog: String) -> String {
        catalog.replacingOccurrences(of: #""carousel":     { "slots": ["items"], "since": { "ios": "5.0.0""#,
                                     with: #""carousel":     { "slots": ["items"], "since": { "ios": "5.5.0""#)
    }

    @Test func raisingASinceReportsExactlyTheClientsThatNewlyGetAFallback() throws {
        let old = try Self.site(TempPages()), new = try Self.site(Self.edited(with: Self.raiseCarouselSince))
        let diff = PagesDiff(old: old, new: new, at: TestInstant.date)
        let changed = Set(diff.changes.map(\.client))
        let swept = Set(ClientSweep(sites: [old, new]).samples.map(\.client))
        let expected = swept.filter { label in
            guard let client = ClientVersion(header: label), client.platform == .ios else { return false }
            return client.version >= SemanticVersion("5.0.0")! && client.version < SemanticVersion("5.5.0")!
        }
        #expect(!expected.isEmpty && changed == expected)
        for change in diff.changes {
            #expect(change.path == "/home" && change.replaced == ["deals-carousel: carousel → column"])
            #expect(change.dropped.isEmpty && change.rendered.isEmpty && change.upgrade == nil)
        }
        #expect(!diff.fails(on: [.upgrade, .drop]))
        #expect(diff.report.hasSuffix("\(diff.compared) route × client × rollout samples compared, \(diff.changes.count) changed\n"))
    }

    /// A copy of the sample shop whose `/home` deals stand in a deferred section `deals`.
    static func withDeferredDeals() throws -> TempPages {
        let pages = try TempPages()
        var home = try #require(try JSONSerialization.jsonObject(with: Data(pages.read("pages/home.json").utf8)) as? [String: Any])
        var root = try #require(home["root"] as? [String: Any]), data = try #require(root["data"] as? [String: Any])
        var children = try #require(data["children"] as? [Any])
        let index = try #require(children.firstIndex { ($0 as? [String: Any])?["$if"] as? String == "deals" })
        children[index] = ["$section": "deals", "defer": true, "then": children[index],
                           "placeholder": ["id": "deals", "type": "skeleton", "data": ["height": 100, "onAppear": "{{section.load}}"]]]
        data["children"] = children
        root["data"] = data
        home["root"] = root
        try pages.write("pages/home.json", String(decoding: try JSONSerialization.data(withJSONObject: home), as: UTF8.self))
        return pages
    }

    /// A change inside a deferred section reaches only clients that can't load it through the
    /// page; the others see it in the section fetched alone, which the sweep asks for too.
    @Test func aSectionIsComparedAloneForEveryClient() throws {
        let old = try Self.withDeferredDeals()
        let new = try Self.withDeferredDeals()
        try new.write("catalog.json", Self.raiseCarouselSince(try new.read("catalog.json")))
        let diff = PagesDiff(old: try Self.site(old), new: try Self.site(new), at: TestInstant.date)
        let alone = diff.changes.filter { $0.path == "/home?_section=deals" }
        #expect(!alone.isEmpty)
        for change in alone { #expect(change.replaced == ["deals-carousel: carousel → column"], "\(change.line)") }
        // Through the page, only clients below the sample catalog's `load` (ios 5.1.0) see it (the
        // canary template, which has no section, shows it inline to every client).
        for change in diff.changes where change.path == "/home" && !change.rollout.hasSuffix("canary") {
            #expect(ClientVersion(header: change.client).map { $0.version < SemanticVersion("5.1.0")! } == true, "\(change.line)")
        }
    }

    @Test func aDropIsReportedAndFailsTheDropCheck() throws {
        let new = try Self.edited(with: {
            Self.raiseCarouselSince($0).replacingOccurrences(of: #""fallback": { "type": "column", "data": { "elements": "{{items}}" } }"#,
                                                              with: #""fallback": null"#)
        })
        let diff = PagesDiff(old: try Self.site(TempPages()), new: try Self.site(new), at: TestInstant.date)
        #expect(!diff.changes.isEmpty)
        for change in diff.changes {
            #expect(change.dropped == ["deals-carousel (carousel)"] || change.dropped == ["deals-carousel (column)"], "\(change.line)")
        }
        #expect(diff.fails(on: [.drop]) && !diff.fails(on: [.upgrade]))
    }

    @Test func raisingTheMinimumVersionFailsTheUpgradeCheckWithExitStatus1() throws {
        let old = try TempPages()
        let new = try Self.edited("rollout.json") {
            $0.replacingOccurrences(of: #""minVersions": { "ios": "4.0.0""#, with: #""minVersions": { "ios": "5.0.0""#)
        }
        let result = PagesDiffCommand.run(old: old.path, new: new.path, samples: [], failOn: "upgrade", at: TestInstant.date)
        #expect(result.status == 1)
        #expect(result.text.contains("/product/1 ios/4.1.0 (stable): upgrade page newly served"))
        #expect(PagesDiffCommand.run(old: old.path, new: new.path, samples: [], failOn: nil, at: TestInstant.date).status == 0)
        #expect(PagesDiffCommand.run(old: old.path, new: new.path, samples: [], failOn: "bytes", at: TestInstant.date).status == 1)
        // The command line: the same exit status.
        let (process, _, _) = Process.trellis(["diff", old.path, new.path, "--fail-on", "upgrade,drop"], environment: [:])
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
    }

    @Test func theSweepCoversEveryBoundaryAndSampleOverridesWin() throws {
        let site = try Self.site(TempPages())
        let sweep = ClientSweep(sites: [site], overrides: ["/product/3"])
        let clients = Set(sweep.samples.map(\.client))
        for label in ["no version", "ios/1.99.99", "ios/2.0.0", "ios/4.0.0", "ios/4.1.0", "ios/5.0.0", "ios/5.1.0", "ios/6.0.0", "android/5.2.0", "web/1.2.0"] {
            #expect(clients.contains(label), "\(label)")
        }
        #expect(Set(sweep.samples.filter { $0.section == nil }.map(\.path)) == ["/home", "/product/3", "/search", "/cart"])
        // Each section of the sample shop alone, at its page's sample path.
        #expect(Set(sweep.samples.compactMap { sample in sample.section.map { sample.path + " " + $0 } })
            == ["/product/3?_section=related related", "/product/3?_section=cart-badge cart-badge", "/cart?_section=cart-lines cart-lines",
                "/search?_section=results results"])
        #expect(Set(sweep.samples.filter { $0.path == "/home" }.map(\.rollout))
            == ["home-hero=A stable", "home-hero=A canary", "home-hero=B stable", "home-hero=B canary"])
    }

    @Test func theBudgetReportsEveryBodyOverIt() throws {
        let site = try Self.site(TempPages())
        #expect(PagesBudget.problems(site: site, maxBytes: 1_000_000, at: TestInstant.date).isEmpty)
        let over = PagesBudget.problems(site: site, maxBytes: 3000, at: TestInstant.date).map(\.description)
        #expect(over.contains { $0.hasPrefix("pages/home.canary.json:$: /home for ios/6.0.0 (home-hero=B canary): ") && $0.hasSuffix(" bytes, over --max-bytes 3000") })
        #expect(!over.contains { $0.contains("/product/1 for ios/3.99.99") })  // the upgrade page is small
    }
}
