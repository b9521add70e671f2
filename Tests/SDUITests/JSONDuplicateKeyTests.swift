import Foundation
import Testing
import TestSupport
@testable import SDUI

/// The parser finds a repeated key by scanning a small object's keys and through a set past
/// `JSONParser.keysScanned`; both must find what a set of the keys alone finds.
@Suite struct JSONDuplicateKeyTests {
    /// On generated objects of 0 to 40 members whose keys come from a few pieces (ASCII,
    /// `é` precomposed, decomposed and escaped, so some keys are equal only canonically), the
    /// parse is an error naming the first key a `Set` of the keys so far already holds, and
    /// succeeds with every key in order when there is none.
    @Test func findsTheRepeatedKeyASetFinds() {
        var random = SeededGenerator(seed: 0xD0B1E)
        let pieces = ["a", "b", "ab", "é", "e\u{301}", "\\u00e9", "€", "k"]
        var duplicates = 0, past = 0
        for _ in 0..<GeneratedCases.count(default: 2_000) {
            let count = Int.random(in: 0...40, using: &random)
            let written = (0..<count).map { _ in
                (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            }
            let keys = written.map { $0.replacingOccurrences(of: "\\u00e9", with: "é") }
            let text = "{" + written.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
            var seen = Set<String>()
            let at = keys.indices.first { !seen.insert(keys[$0]).inserted }
            let repeated = at.map { keys[$0] }
            do {
                let value = try JSONParser.parse(text)
                #expect(repeated == nil && value.objectValue?.keys == keys, "\(text)")
            } catch {
                #expect(error.message == "duplicate key \"\(repeated ?? "")\"", "\(text)")
                duplicates += 1
                if let at, at > JSONParser.keysScanned { past += 1 }
            }
        }
        #expect(duplicates > 100 && past > 10)
    }
}
