import SDUI
import Testing
@testable import Trellis

/// What `Accept-Language` negotiation reads of a header and what it costs (SPEC §7.1): ranges
/// longer than BCP 47 allows are ignored, only the first ranges are considered, and the work,
/// counted in steps rather than timed, is linear in the header's length.
@Suite struct LocaleNegotiationTests {
    /// The sample Pages' locales: en (the default), fr, pl.
    static let localization = PagePipelineTests.site.localization!

    static func negotiate(_ header: String) -> (tag: String, steps: Int) {
        var steps = 0
        let tag = LocaleNegotiation.negotiate(header, localization: localization, steps: &steps)
        return (tag, steps)
    }

    static func tag(_ header: String) -> String { negotiate(header).tag }

    /// About 32 KB of `element` repeated.
    static func hostile(_ element: String, bytes: Int = 32 * 1024) -> String {
        String(repeating: element, count: bytes / element.utf8.count)
    }

    @Test func aHostileHeaderCostsStepsLinearInItsLength() {
        let headers = [(Self.hostile("a-") + "a", "en"), (Self.hostile("fr-a-") + "a", "en"), (Self.hostile("a,"), "en"),
                       (Self.hostile("a-a-a-a-a-a-a-a, "), "en"), (Self.hostile("de;q=0.5;q=0.4,"), "en"),
                       (Self.hostile(";q=1"), "en"), ("fr;" + Self.hostile("q=0.5;"), "fr")]
        for (header, expected) in headers {
            let (tag, steps) = Self.negotiate(header)
            #expect(tag == expected, "\(header.prefix(16))…")
            #expect(steps <= 2 * header.utf8.count, "\(header.prefix(16))… (\(header.utf8.count) bytes): \(steps) steps")
        }
    }

    @Test func rangesPastTheFirstOnesCostNothing() {
        for element in ["a-a-a-a-a-a-a-a, ", "de-DE;q=0.5, ", "x, ", "fr-" + String(repeating: "a", count: 80) + ", "] {
            let short = Self.negotiate(String(repeating: element, count: 200))
            let long = Self.negotiate(String(repeating: element, count: 2000))
            #expect(short.steps == long.steps && short.tag == long.tag, "\(element): \(short.steps) and \(long.steps) steps")
        }
    }

    @Test func rangesLongerThanBCP47AllowsAreIgnored() {
        #expect(Self.tag("fr-a-b-c-d-e-f-g") == "fr")
        #expect(Self.tag("fr-a-b-c-d-e-f-g-h") == "en")
        #expect(Self.tag("fr-a-b-c-d-e-f-g-h, pl;q=0.5") == "pl")
        let longest = "fr" + String(repeating: "-aaaaaaaa", count: 6) + "-aaaaaaa"
        #expect(longest.utf8.count == LocaleNegotiation.maxRangeBytes && Self.tag(longest) == "fr")
        #expect(Self.tag(longest + "a") == "en" && Self.tag(longest + "a, pl;q=0.1") == "pl")
        #expect(Self.tag("fr-a-b-c-d-e-f-g-h;q=0, fr") == "fr")
    }

    @Test func onlyTheFirstRangesAreConsidered() {
        let others = Array(repeating: "de", count: LocaleNegotiation.maxRanges - 1)
        #expect(Self.tag((others + ["fr"]).joined(separator: ", ")) == "fr")
        #expect(Self.tag((others + ["de", "fr"]).joined(separator: ", ")) == "en")
        #expect(Self.tag((others + ["pl;q=0.1", "fr;q=0.9"]).joined(separator: ", ")) == "pl")
        #expect(Self.tag((others + ["pl;q=0.1", "pl;q=0"]).joined(separator: ", ")) == "pl")
        let overLong = Array(repeating: "fr-a-b-c-d-e-f-g-h", count: LocaleNegotiation.maxRanges)
        #expect(Self.tag((overLong + ["fr"]).joined(separator: ", ")) == "en")
        // Empty list elements are not ranges (RFC 9110 §5.6.1) and do not count.
        #expect(Self.tag(String(repeating: ", ,", count: 100) + "fr") == "fr")
    }
}
