import HTTPServer
import SDUI

/// `Accept-Language` negotiation (SPEC §7.1): RFC 9110 §12.5.4 language ranges with q-values,
/// each range looked up as RFC 4647 §3.4 says (case-insensitive, `fr-CA` falls back to `fr`),
/// highest weight first (ties in header order). `*`, no acceptable range, or no header gives
/// the default locale. A range weighted 0 is never used, and the locale it names exactly is
/// not reached by falling back from another range (`fr;q=0, fr-CA`: not `fr`). A range that
/// is not `*` or `alpha{1,8}(-alphanum{1,8})*` is ignored, as is a malformed weight's element.
enum LocaleNegotiation {
    /// The negotiated tag (as its strings file spells it), or nil when the site has no locales;
    /// a value negotiated before for this Pages version is looked up in its `answers`.
    static func negotiate(_ headers: HTTPHeaders, localization: Localization?, answers: LocaleAnswers) -> String? {
        guard let localization else { return nil }
        guard let header = headers.combinedValue("Accept-Language") else { return localization.defaultLocale }
        return answers.answer(for: header) { negotiate($0, localization: localization) }
    }

    /// The tag for the `Accept-Language` value `header` (its fields joined as one list).
    private static func negotiate(_ header: String, localization: Localization) -> String {
        var ranges: [(range: String, weight: Int)] = []
        var excluded = Set<String>()
        for element in header.split(separator: ",") {
            let parts = element.split(separator: ";", omittingEmptySubsequences: false)
            let range = parts[0].trimmingSpaces.lowercased()
            guard isRange(range) else { continue }
            var weight = 1000
            for parameter in parts.dropFirst() {
                if let parsed = AcceptEncoding.weightParameter(Substring(parameter.trimmingSpaces).utf8) { weight = parsed }
            }
            if weight == 0 { excluded.insert(range) } else { ranges.append((range, weight)) }
        }
        for candidate in ranges.enumerated().sorted(by: { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }) {
            if candidate.element.range == "*" { break }
            if let tag = localization.lookup(candidate.element.range), !excluded.contains(tag.lowercased()) { return tag }
        }
        return localization.defaultLocale
    }

    /// `*`, or 1–8 letters followed by `-` and 1–8 letters or digits, any number of times.
    private static func isRange(_ range: String) -> Bool {
        if range == "*" { return true }
        let subtags = range.split(separator: "-", omittingEmptySubsequences: false)
        return subtags.enumerated().allSatisfy { index, subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || (index > 0 && $0.isNumber)) }
        }
    }
}

private extension Substring {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
