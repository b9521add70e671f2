/// A section rendered alone (SPEC §10.1) is its page's bytes where the section stands: the page
/// is assembled the tree's way with the section's component marked (`EvaluatedComponent.captured`),
/// and the assembler records the bytes written for it and what its negotiation and its
/// children's added to the tallies. So the same ids rule, negotiation, fallbacks (the marked
/// component's fallback inherits the mark) and drops apply as in the page, around the section
/// (a false `$if`, another `$variant` branch, a parent dropped) and inside it. A page of its
/// list (`_after`, SPEC §10.2) is recorded the same way, its bytes from its first item's
/// negotiation to the end of the last element written (its items and `more` follow one another
/// in one array), its tallies to the last element written or dropped.
struct SectionCapture {
    /// The tallies when the marked component's negotiation began.
    let fallbacksBefore: Int
    let fallbackTypesBefore: [String: Int]
    let actionFallbackTypesBefore: [String: Int]
    /// The bytes written for it, once written; nil while it is not (or was dropped).
    var bytes: Range<Int>?
    /// What its subtree added to the tallies, once written or dropped: a drop for want of a
    /// renderable fallback counts (SPEC §4.1) even where nothing is written, so a section's 204
    /// and a list's page whose items were all dropped (`[]`) carry it.
    var fallbacks = 0
    var fallbackTypes: [String: Int] = [:]
    var actionFallbackTypes: [String: Int] = [:]
}

extension Assembler {
    /// A marked component's negotiation begins: the tallies as they stand (for the items of a
    /// list's page, only at the first).
    mutating func beginCapture(_ mark: CaptureMark) {
        switch mark {
        case .none: break
        case .section: capture = started()
        case .item: if itemsCapture == nil { itemsCapture = started() }
        }
    }

    /// A marked component was written from byte `start` on: the bytes and tallies so far.
    mutating func endCapture(_ mark: CaptureMark, from start: Int) {
        switch mark {
        case .none: break
        case .section: capture = ended(capture, from: start)
        case .item: itemsCapture = ended(itemsCapture, from: itemsCapture?.bytes?.lowerBound ?? start)
        }
    }

    /// A marked component was dropped in negotiation: what it added to the tallies (for the items
    /// of a list's page, those since the first's negotiation; the bytes written so far stay).
    mutating func dropCapture(_ mark: CaptureMark) {
        switch mark {
        case .none: break
        case .section: capture = tallied(capture)
        case .item: itemsCapture = tallied(itemsCapture)
        }
    }

    private func started() -> SectionCapture {
        SectionCapture(fallbacksBefore: fallbacks, fallbackTypesBefore: fallbackTypes, actionFallbackTypesBefore: actionFallbackTypes)
    }

    private func ended(_ capture: SectionCapture?, from start: Int) -> SectionCapture? {
        var capture = tallied(capture)
        capture?.bytes = start..<writer.count
        return capture
    }

    /// `capture` with what was added to the tallies since it began.
    private func tallied(_ capture: SectionCapture?) -> SectionCapture? {
        guard var capture else { return nil }
        capture.fallbacks = fallbacks - capture.fallbacksBefore
        capture.fallbackTypes = Self.added(fallbackTypes, since: capture.fallbackTypesBefore)
        capture.actionFallbackTypes = Self.added(actionFallbackTypes, since: capture.actionFallbackTypesBefore)
        return capture
    }

    /// The counts `now` holds beyond `before`, by name.
    private static func added(_ now: [String: Int], since before: [String: Int]) -> [String: Int] {
        var added: [String: Int] = [:]
        for (name, count) in now where count > before[name, default: 0] { added[name] = count - before[name, default: 0] }
        return added
    }
}
