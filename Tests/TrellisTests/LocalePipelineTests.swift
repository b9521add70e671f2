import Foundation
import HTTPServer
import SDUI
import Synchronization
import Testing
@testable import Trellis

/// Locale negotiation and soft upgrade through the page pipeline, in-process (SPEC §7.1, §7.3).
@Suite struct LocalePipelineTests {
    static func run(_ path: String, _ headers: [(String, String)], through pipeline: PagePipeline = PagePipelineTests.pipeline())
        -> PageOutcome {
        PagePipelineTests.run(path, headers, through: pipeline)
    }

    static func locale(_ acceptLanguage: String?) -> String? {
        let headers = acceptLanguage.map { [("Accept-Language", $0)] } ?? []
        return run("/home", headers).representation?.result.contentLanguage
    }

    @Test func acceptLanguageIsNegotiatedWithQValuesAndRFC4647Lookup() {
        #expect(Self.locale(nil) == "en")
        #expect(Self.locale("fr") == "fr")
        #expect(Self.locale("fr-CA") == "fr")
        #expect(Self.locale("FR-ca") == "fr")
        #expect(Self.locale("de, fr;q=0.9, en;q=0.8") == "fr")
        #expect(Self.locale("en;q=0.5, pl;q=0.7, fr;q=0.6") == "pl")
        #expect(Self.locale("pl;q=0.5, fr;q=0.5") == "pl")
        #expect(Self.locale("de") == "en")
        #expect(Self.locale("*") == "en")
        #expect(Self.locale("de, *;q=0.5, fr;q=0.1") == "en")
        #expect(Self.locale("fr;q=0, pl;q=0.1") == "pl")
        #expect(Self.locale("fr;q=0, fr-CA") == "en")
        #expect(Self.locale("fr;q=2, pl;q=0.1") == "pl")
        #expect(Self.locale("x_y, pl") == "pl")
    }

    /// A kept answer is reused only for the very same bytes: U+037E (Greek question mark) is
    /// canonically equivalent to `;`, so the two values are one `String`, but negotiation reads
    /// `pl\u{37E}q=0.9` as a malformed range and answers `fr`.
    @Test func aKeptAnswerIsNeverReusedForCanonicallyEquivalentText() {
        let pipeline = PagePipelineTests.pipeline()
        func locale(_ value: String) -> String? {
            Self.run("/home", [("Accept-Language", value)], through: pipeline).representation?.result.contentLanguage
        }
        #expect("fr;q=0.5, pl;q=0.9" == "fr;q=0.5, pl\u{37E}q=0.9")
        #expect(locale("fr;q=0.5, pl;q=0.9") == "pl")
        #expect(locale("fr;q=0.5, pl\u{37E}q=0.9") == "fr")
        #expect(Self.locale("fr;q=0.5, pl\u{37E}q=0.9") == "fr")
    }

    @Test func aVersionKeepsTheLocaleOfEachShortValueItHasSeenUpToItsLimit() {
        let pipeline = PagePipelineTests.pipeline()
        let answers = pipeline.snapshot.localeAnswers
        func locale(_ value: String) -> String? {
            Self.run("/home", [("Accept-Language", value)], through: pipeline).representation?.result.contentLanguage
        }
        #expect(locale("fr-CA") == "fr" && locale("fr-CA") == "fr")
        #expect(answers.count == 1)
        for index in 0..<(LocaleAnswers.limit + 20) { #expect(locale("x-\(index), pl;q=0.5") == "pl") }
        #expect(answers.count == LocaleAnswers.limit)
        // Past the limit and past the longest kept value, still negotiated, just not kept.
        #expect(locale("de, fr;q=0.9") == "fr")
        let long = Array(repeating: "de-DE", count: 12).joined(separator: ", ") + ", pl;q=0.1"
        #expect(long.utf8.count > LocaleAnswers.longestKept && locale(long) == "pl")
        #expect(answers.count == LocaleAnswers.limit)
        // Repeated fields are one list, as before.
        let split = Self.run("/home", [("Accept-Language", "de"), ("Accept-Language", "fr;q=0.5")], through: pipeline)
        #expect(split.representation?.result.contentLanguage == "fr")
    }

    @Test func theResponseNamesItsLanguageAndVariesWithAcceptLanguage() throws {
        let headers = [("Accept-Language", "fr-CA"), ("X-Client-Version", "ios/5.2.0")]
        let outcome = Self.run("/product/3", headers)
        #expect(PagePipelineTests.header(outcome, "Content-Language") == "fr")
        #expect(PagePipelineTests.header(outcome, "Vary")?.hasSuffix(", Accept-Language") == true)
        let body = String(decoding: outcome.response.body, as: UTF8.self)
        #expect(body.contains(#""text":"24,50\#u{a0}€""#) && body.contains(#""title":"Ajouter au panier""#))
        #expect(outcome.record.accessFields(errorCode: nil).contains(" locale=fr"))
        // The cart badge, deferred in the page, counts in French when fetched alone.
        let folder = try TemporaryFolder()
        try Data(#"{"mine":{"itemCount":3}}"#.utf8).write(to: URL(fileURLWithPath: folder.path + "/carts.json"))
        let carts = try #require(InProcessUpstream(source: "cart", file: folder.path + "/carts.json"))
        let badge = Self.run("/product/3?_section=cart-badge", headers,
                             through: PagePipeline(site: PagePipelineTests.site, upstream: carts))
        #expect(String(decoding: badge.response.body, as: UTF8.self).contains(#""text":"3 articles dans votre panier""#))
    }

    @Test func aMessageMissingInTheLocaleFallsBackToTheDefaultOne() throws {
        let pages = try TempPages()
        try pages.write("strings/pl.json", try LocaleEndToEndTests.withoutNotFoundAction(pages.read("strings/pl.json")))
        guard case .success(let site) = PagesLoader.load(PagesFolder(path: pages.path)) else { throw TestFailure("load") }
        let pipeline = PagePipeline(site: site, cache: nil, upstream: nil)
        let body = String(decoding: Self.run("/product/999", [("Accept-Language", "pl")], through: pipeline).response.body, as: UTF8.self)
        #expect(body.contains(#""text":"Nie znaleźliśmy tej strony""#) && body.contains(#""title":"Back to home""#))
    }

    @Test func theUpgradePageIsLocalizedToo() {
        let outcome = Self.run("/home", [("Accept-Language", "fr"), ("X-Client-Version", "ios/3.0.0")])
        #expect(outcome.representation?.result.template == "upgrade")
        #expect(String(decoding: outcome.response.body, as: UTF8.self).contains(#""title":"Mettre à jour""#))
        #expect(PagePipelineTests.header(outcome, "Content-Language") == "fr")
    }

    @Test func oneCacheEntryPerNegotiatedTag() {
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 22)
        let pipeline = PagePipelineTests.pipeline(cache: cache)
        let uses = ["fr", "fr-CA", "FR", "fr-BE;q=0.9, de", "pl", "en", "de"].map { Self.run("/home", [("Accept-Language", $0)], through: pipeline).record.cache }
        #expect(uses == [.miss, .hit, .hit, .hit, .miss, .miss, .hit])
        #expect(cache.count == 3)
    }

    @Test func aClientBelowTheSoftMinimumGetsTheBannerFirstAndTheHeader() throws {
        let nudged = Self.run("/home", [("X-Client-Version", "ios/4.2.0")])
        #expect(PagePipelineTests.header(nudged, "X-Upgrade-Suggested") == "true")
        let body = String(decoding: nudged.response.body, as: UTF8.self)
        #expect(body.hasPrefix(#"{"id":"home","type":"page","data":{"title":"Home","children":[{"id":"update-banner","type":"column""#))
        #expect(nudged.record.accessFields(errorCode: nil).contains(" upgrade_suggested=true"))
        let current = Self.run("/home", [("X-Client-Version", "ios/4.5.0")])
        #expect(PagePipelineTests.header(current, "X-Upgrade-Suggested") == nil)
        #expect(!String(decoding: current.response.body, as: UTF8.self).contains("update-banner"))
        #expect(PagePipelineTests.header(Self.run("/home", []), "X-Upgrade-Suggested") == nil)
        #expect(PagePipelineTests.header(Self.run("/home", [("X-Client-Version", "ios/3.9.0")]), "X-Upgrade-Suggested") == nil)
    }

    @Test func aFolderWithoutStringsSendsNoContentLanguage() throws {
        let files: [String: String] = [
            "catalog.json": #"{"components":{"page":{"slots":["children"]}}}"#,
            "pages/p.json": #"{"route":"/p","root":{"id":"p","type":"page","data":{"children":[]}}}"#,
            "pages/upgrade.json": #"{"root":{"id":"u","type":"page","data":{"children":[]}}}"#,
            "pages/not-found.json": #"{"root":{"id":"n","type":"page","data":{"children":[]}}}"#,
        ]
        let site = try Site.load(files: files.mapValues { Array($0.utf8) }).get()
        let pipeline = PagePipeline(site: site, upstream: nil)
        let outcome = Self.run("/p", [("Accept-Language", "fr")], through: pipeline)
        #expect(PagePipelineTests.header(outcome, "Content-Language") == nil)
        // No `since`, no rollout, no strings: only the coding and the capabilities can shape it (SPEC §12).
        #expect(PagePipelineTests.header(outcome, "Vary") == "Accept-Encoding, X-Client-Capabilities")
        #expect(!outcome.record.accessFields(errorCode: nil).contains("locale="))
    }
}
