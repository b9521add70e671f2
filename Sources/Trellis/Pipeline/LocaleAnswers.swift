import Synchronization

/// The negotiated locale of each `Accept-Language` value one Pages version has seen: a client
/// sends the same value on every request, and negotiating parses, lowercases and splits it, so
/// the answer is worked out once. Only short values are kept, and
/// at most `limit` of them; any other value is negotiated each time.
///
/// Values are kept by their bytes: negotiation reads bytes, and `String`'s `==` equates
/// canonically equivalent text (the Kelvin sign U+212A and `K`), which negotiation tells apart,
/// so an answer is only ever reused for the very value it was worked out for.
final class LocaleAnswers: Sendable {
    /// How many values are kept.
    static let limit = 256
    /// The longest value kept, in bytes (real clients send a few ranges).
    static let longestKept = 64

    private let answers = Mutex<[ExactText: String]>([:])

    /// The answer for `header`: the kept one, else `negotiate`'s (kept while there is room).
    func answer(for header: String, negotiate: (String) -> String) -> String {
        guard header.utf8.count <= Self.longestKept else { return negotiate(header) }
        let key = ExactText(header)
        if let known = answers.withLock({ $0[key] }) { return known }
        let answer = negotiate(header)
        answers.withLock { answers in
            if answers.count < Self.limit { answers[key] = answer }
        }
        return answer
    }

    /// How many values are kept now.
    var count: Int { answers.withLock { $0.count } }
}
