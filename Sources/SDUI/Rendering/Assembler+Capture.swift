/// A section rendered alone (SPEC §10.1) is its page's bytes where the section stands: the page
/// is assembled the tree's way with the section's component marked (`EvaluatedComponent.captured`),
/// and the assembler records the bytes written for it and what its negotiation and its
/// children's added to the tallies. So the same ids rule, negotiation, fallbacks (the marked
/// component's fallback inherits the mark) and drops apply as in the page, around the section
/// (a false `$if`, another `$variant` branch, a parent dropped) and inside it.
struct SectionCapture {
    /// The tallies when the marked component's negotiation began.
    let fallbacksBefore: Int
    let fallbackTypesBefore: [String: Int]
    let actionFallbackTypesBefore: [String: Int]
    /// The bytes written for it, once written; nil while it is not (or was dropped).
    var bytes: Range<Int>?
    /// What its subtree added to the tallies, once written.
    var fallbacks = 0
    var fallbackTypes: [String: Int] = [:]
    var actionFallbackTypes: [String: Int] = [:]
}

extension Assembler {
    /// The marked component's negotiation begins: the tallies as they stand.
    mutating func beginCapture() {
        capture = SectionCapture(fallbacksBefore: fallbacks, fallbackTypesBefore: fallbackTypes,
                                 actionFallbackTypesBefore: actionFallbackTypes)
    }

    /// The marked component was written from byte `start` on: its bytes and its tallies.
    mutating func endCapture(from start: Int) {
        guard var capture else { return }
        capture.bytes = start..<writer.count
        capture.fallbacks = fallbacks - capture.fallbacksBefore
        capture.fallbackTypes = Self.added(fallbackTypes, since: capture.fallbackTypesBefore)
        capture.actionFallbackTypes = Self.added(actionFallbackTypes, since: capture.actionFallbackTypesBefore)
        self.capture = capture
    }

    /// The counts `now` holds beyond `before`, by name.
    private static func added(_ now: [String: Int], since before: [String: Int]) -> [String: Int] {
        var added: [String: Int] = [:]
        for (name, count) in now where count > before[name, default: 0] { added[name] = count - before[name, default: 0] }
        return added
    }
}
