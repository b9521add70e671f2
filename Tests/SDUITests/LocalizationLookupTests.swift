import Testing
@testable import SDUI

/// `Localization.lookup` (RFC 4647 §3.4): the same answers as the plain truncation loop, at a
/// cost linear in the range's length, counted in steps rather than timed.
@Suite struct LocalizationLookupTests {
    static let localization: Localization = {
        let strings = ["site.json": #"{ "defaultLocale": "en" }"#, "strings/en.json": "{}", "strings/fr.json": "{}",
                       "strings/pt-BR.json": "{}", "strings/zh-Hant-TW.json": "{}"]
        let files = Fixtures.page("[]", extra: strings)
        guard case .success(let site) = Site.load(files: files), let localization = site.localization else {
            fatalError("the fixture's strings must load")
        }
        return localization
    }()

    /// The RFC 4647 §3.4 loop as the RFC states it: try the range, then drop its last subtag
    /// (and a single-letter subtag left before it), until a tag matches.
    static func oracle(_ range: String) -> String? {
        var subtags = range.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        while !subtags.isEmpty {
            if let tag = localization.tags.first(where: { $0.lowercased() == subtags.joined(separator: "-") }) { return tag }
            subtags.removeLast()
            if subtags.last?.count == 1 { subtags.removeLast() }
        }
        return nil
    }

    @Test func answersAsTheTruncationLoopDoesForEveryShortRange() {
        let pool = ["fr", "FR", "pt", "br", "zh", "hant", "tw", "x", "a", "", "ca", "*"]
        var ranges = pool
        for _ in 0..<3 { ranges = ranges.flatMap { range in pool.map { range + "-" + $0 } } }
        for range in ranges + pool.flatMap({ first in pool.map { first + "-" + $0 } }) {
            #expect(Self.localization.lookup(range) == Self.oracle(range), "\(range)")
        }
    }

    @Test func aRangeOfThousandsOfSubtagsCostsStepsLinearInItsLength() {
        let length = 32 * 1024
        let ranges = [String(repeating: "a-", count: length / 2) + "a", "fr-" + String(repeating: "a-", count: length / 2) + "a",
                      "zh-hant-tw-" + String(repeating: "x-", count: length / 2) + "a"]
        for (range, expected) in zip(ranges, [nil, "fr", "zh-Hant-TW"]) {
            var steps = 0
            #expect(Self.localization.lookup(range, steps: &steps) == expected)
            #expect(steps <= 2 * range.utf8.count, "\(range.prefix(12))… (\(range.utf8.count) bytes): \(steps) steps")
        }
    }
}
