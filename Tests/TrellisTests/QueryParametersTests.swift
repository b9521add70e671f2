import HTTPServer
import SDUI
import Synchronization
import Testing
import TestSupport
@testable import Trellis

/// Declared query parameters (SPEC §6.1): decoding, the 400s, and their place in the data
/// keys, the bindings and the cache key.
@Suite struct QueryParametersTests {
    func parse(_ query: String?, _ declared: [String] = ["q", "page"]) -> Result<[String: String], HTTPError> {
        QueryParameters.parse(query, declared: declared)
    }

    @Test func declaredParametersAreDecodedAndTheFirstOccurrenceWins() throws {
        #expect(try parse("q=red+shoes%21&page=2&q=ignored&utm_source=mail").get() == ["q": "red shoes!", "page": "2"])
        #expect(try parse("q=caf%C3%A9&x=%zz").get() == ["q": "café"])  // an undeclared bad escape is never read
        #expect(try parse("q").get() == ["q": ""])
        #expect(try parse("q%3D=1").get() == [:])  // the decoded name is "q=", not declared
        #expect(try parse(nil).get() == [:])
        #expect(try parse("q=1", []).get() == [:])
    }

    @Test func aBadEscapeInvalidUTF8OrAnOversizeValueIsA400() {
        for bad in ["q=%", "q=%2", "q=%G1", "q=%FF", "q=%C3", "q=" + String(repeating: "a", count: 257)] {
            guard case .failure(let error) = parse(bad) else {
                Issue.record("\(bad) should be a 400")
                continue
            }
            #expect(error.status == 400 && error.code == "bad_request")
        }
        #expect((try? parse("q=" + String(repeating: "%41", count: 256)).get()) == ["q": String(repeating: "A", count: 256)])
    }

    static let site: Site = {
        var files = [
            "catalog.json": #"{"components":{"page":{"slots":["children"]},"text":{"required":["text"]}}}"#,
            "rollout.json": "{}",
            "sources.json": #"{"sources":{"items":{"file":"data/items.json"}}}"#,
            "data/items.json": #"{"red shoes":{"title":"Red shoes"}}"#,
            "pages/upgrade.json": #"{"root":{"id":"upgrade","type":"page","data":{"children":[]}}}"#,
            "pages/not-found.json": #"{"root":{"id":"nf","type":"page","data":{"children":[]}}}"#,
        ]
        files["pages/search.json"] = #"""
        {"route":"/search","query":["q"],"data":{"hit":{"source":"items","key":"{{query.q}}"}},
         "root":{"id":"search","type":"page","data":{"children":[
           {"id":"asked","type":"text","data":{"text":"You asked for {{query.q}}"}},
           {"id":"hit","type":"text","data":{"text":"{{hit.title}}"}}]}}}
        """#
        guard case .success(let site) = Site.load(files: files.mapValues { Array($0.utf8) }) else { fatalError("fixture") }
        return site
    }()

    func run(_ target: String, _ cache: ResponseCache<CacheKey, Representation>) -> PageOutcome {
        let pipeline = PagePipeline(site: Self.site, cache: cache, upstream: nil)
        return pipeline.answer(HTTPRequest(method: "GET", target: target), date: TestInstant.date)
    }

    @Test func theyBindTheKeyAndTheTemplateAndOnlyTheyKeyTheCache() {
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 20)
        let first = run("/search?q=red+shoes&utm_source=a", cache)
        #expect(String(decoding: first.response.body, as: UTF8.self)
            == #"{"id":"search","type":"page","data":{"children":[{"id":"asked","type":"text","data":{"text":"You asked for red shoes"}},{"id":"hit","type":"text","data":{"text":"Red shoes"}}]}}"#)
        #expect(run("/search?utm_source=b&q=red%20shoes", cache).record.cache == .hit)
        let other = run("/search?q=blue", cache)
        #expect(other.record.cache == .miss)
        #expect(String(decoding: other.response.body, as: UTF8.self).contains(#""children":[{"id":"asked""#))
        #expect(!String(decoding: other.response.body, as: UTF8.self).contains(#""id":"hit""#))
        // Absent: no value — the mixed string's key disappears and its required field drops the text.
        #expect(String(decoding: run("/search", cache).response.body, as: UTF8.self)
            == #"{"id":"search","type":"page","data":{"children":[]}}"#)
        #expect(run("/search?q=%FF", cache).response.status == 400)
    }

    /// Values are told apart by their bytes: `Å` as U+212B (%E2%84%AB) and as U+00C5 (%C3%85)
    /// are canonically equivalent, equal as Swift `String`s, but a backend given the key may
    /// tell them apart, so they share no cache entry (nor, joined under one key, one call).
    @Test func canonicallyEquivalentValuesAreDifferentKeys() {
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 20)
        let angstrom = run("/search?q=%E2%84%AB", cache)
        let ring = run("/search?q=%C3%85", cache)
        #expect(angstrom.record.cache == .miss && ring.record.cache == .miss)
        #expect(String(decoding: angstrom.response.body, as: UTF8.self).contains("for \u{212B}"))
        #expect(String(decoding: ring.response.body, as: UTF8.self).contains("for \u{C5}"))
        #expect(run("/search?q=%E2%84%AB", cache).record.cache == .hit)
    }

    /// A bad escape in a parameter the page doesn't declare is never read (SPEC §14).
    @Test func aBadEscapeInAnUndeclaredParameterIsIgnored() {
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 20)
        #expect(run("/search?utm=%zz&q=blue", cache).response.status == 200)
        #expect(run("/search?q=%zz", cache).response.status == 400)
    }
}

/// `QueryParameters.first` (two parameters read without decoding the rest, on a section's hit
/// path) against its simple twin, the first pair with that decoded name (its value decoded, or
/// `malformed`: the server's own parameters are not skipped like undeclared ones, SPEC §14), on
/// generated queries.
@Suite struct QueryFirstValueTests {
    /// Generated cases of the differential test below (`GeneratedCases`).
    static let cases = GeneratedCases.count(default: 5_000)

    @Test func theFirstValueIsTheFirstOfThePairs() {
        var random = SeededGenerator(seed: 0x5EC7)
        let pieces = ["_section", "%5Fsection", "_sect%69on", "_after", "_Section", "q", "a+b", "%zz", "%", "=", "&", "x",
                      "deals", "%C3%85", "%E2%84%AB", "+", "", "_section=", "%FF", "é"]
        for _ in 0..<Self.cases {
            let query = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let pairs = query.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
                let (name, value) = pair.firstIndex(of: "=").map { (pair[..<$0], pair[pair.index(after: $0)...]) } ?? (pair[...], "")
                return QueryParameters.decode(Array(name.utf8)).map { ($0, QueryParameters.decode(Array(value.utf8))) }
            }
            func twin(_ name: StaticString) -> QueryParameters.Found? {
                pairs.first { $0.0.utf8.elementsEqual(name.description.utf8) }.map { $0.1.map(QueryParameters.Found.text) ?? .malformed }
            }
            for (first, second): (StaticString, StaticString) in [("_section", "_after"), ("_after", "q"), ("q", "_section")] {
                let (one, two) = QueryParameters.first(first, second, in: query)
                #expect(one == twin(first) && two == twin(second), "\(first), \(second) in \(query)")
            }
        }
    }
}
