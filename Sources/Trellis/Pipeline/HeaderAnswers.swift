import Synchronization

/// What one Pages version worked out from each value of a request header it has seen (the
/// locale an `Accept-Language` negotiates to, the metric labels of an `X-Client-Version`): a
/// client sends the same value on every request, and working the answer out parses it, so it
/// is worked out once. Only short values are kept, and at most `limit` of them; any other value
/// is worked out each time.
///
/// Values are kept by their bytes: the work reads bytes, and `String`'s `==` equates canonically
/// equivalent text (the Kelvin sign U+212A and `K`), which a byte-reading parser tells apart, so
/// an answer is only ever reused for the very value it was worked out for.
final class HeaderAnswers<Answer: Sendable>: Sendable {
    /// How many values are kept.
    static var limit: Int { 256 }
    /// The longest value kept, in bytes (real clients send short values).
    static var longestKept: Int { 64 }

    private let answers = Mutex<[ExactText: Answer]>([:])

    init() {}

    /// The answer for `header`: the kept one, else `work`'s (kept while there is room).
    func answer(for header: String, work: (String) -> Answer) -> Answer {
        guard header.utf8.count <= Self.longestKept else { return work(header) }
        let key = ExactText(header)
        if let known = answers.withLock({ $0[key] }) { return known }
        let answer = work(header)
        answers.withLock { answers in
            if answers.count < Self.limit { answers[key] = answer }
        }
        return answer
    }

    /// How many values are kept now.
    var count: Int { answers.withLock { $0.count } }
}

/// The negotiated locale of each `Accept-Language` value (SPEC §7.1).
typealias LocaleAnswers = HeaderAnswers<String>
