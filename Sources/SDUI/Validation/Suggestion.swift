/// "Did you mean" for a name nothing declares (SPEC §13): the closest candidate by edit
/// distance, when it is close enough to be a typo of it.
enum Suggestion {
    /// The candidate nearest `name`: one equal ignoring case first, else the one with the
    /// smallest Levenshtein distance of at most 2 (ties: the first in sorted order); nil when
    /// none is that close.
    static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let lowered = name.lowercased()
        var best: (distance: Int, name: String)?
        for candidate in candidates where candidate != name {
            let distance = candidate.lowercased() == lowered ? 0 : levenshtein(Array(name), Array(candidate))
            guard distance <= 2 else { continue }
            if best.map({ (distance, candidate) < ($0.distance, $0.name) }) ?? true { best = (distance, candidate) }
        }
        return best?.name
    }

    /// The number of single-character insertions, deletions and substitutions that turn `a`
    /// into `b` (one row of the table kept at a time).
    static func levenshtein(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// ` (did you mean "title"?)` for a suggestion; empty for none.
    static func note(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
