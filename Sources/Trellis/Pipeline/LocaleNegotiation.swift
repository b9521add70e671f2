import HTTPServer
import SDUI

/// `Accept-Language` negotiation (SPEC §7.1): RFC 9110 §12.5.4 language ranges with q-values,
/// each range looked up as RFC 4647 §3.4 says (case-insensitive, `fr-CA` falls back to `fr`),
/// highest weight first (ties in header order). `*`, no acceptable range, or no header gives
/// the default locale. A range weighted 0 is never used, and the locale it names exactly is
/// not reached by falling back from another range (`fr;q=0, fr-CA`: not `fr`). A range that
/// is not `*` or `alpha{1,8}(-alphanum{1,8})*` is ignored, as is a malformed weight's element.
///
/// The header is the client's to make as costly as it likes, so its cost is bounded: only the
/// first `maxRanges` ranges are read, and a range longer than a BCP 47 tag can be is ignored.
/// The work is linear in the header's length (docs/DECISIONS.md).
enum LocaleNegotiation {
    /// How many ranges of a header are considered; later ones are not read. Empty list
    /// elements (RFC 9110 §5.6.1) are not ranges and don't count.
    static let maxRanges = 32
    /// The longest range used, in bytes; a longer one is ignored.
    static let maxRangeBytes = 64
    /// The most subtags a range used may have; one with more is ignored.
    static let maxSubtags = 8

    /// The negotiated tag (as its strings file spells it), or nil when the site has no locales;
    /// a value negotiated before for this Pages version is looked up in its `answers`.
    static func negotiate(_ headers: HTTPHeaders, localization: Localization?, answers: LocaleAnswers) -> String? {
        guard let localization else { return nil }
        guard let header = headers.combinedValue("Accept-Language") else { return localization.defaultLocale }
        return answers.answer(for: header) { header in
            var steps = 0
            return negotiate(header, localization: localization, steps: &steps)
        }
    }

    /// The tag for the `Accept-Language` value `header` (its fields joined as one list). Adds
    /// its cost to `steps`: each byte of the header read, plus each lookup's steps
    /// (`Localization.lookup(_:steps:)`), so a test can bound the work without a clock.
    static func negotiate(_ header: String, localization: Localization, steps: inout Int) -> String {
        var ranges: [(range: String, weight: Int)] = []
        var excluded = Set<String>()
        var rest = header.utf8[...]
        var considered = 0
        while considered < maxRanges, !rest.isEmpty {
            let comma = rest.firstIndex(of: UInt8(ascii: ",")) ?? rest.endIndex
            let element = rest[..<comma]
            steps += element.count + 1
            rest = comma == rest.endIndex ? rest[comma...] : rest[rest.index(after: comma)...]
            guard !AcceptEncoding.trimmed(element).isEmpty else { continue }
            considered += 1
            let semicolon = element.firstIndex(of: UInt8(ascii: ";")) ?? element.endIndex
            guard let range = languageRange(AcceptEncoding.trimmed(element[..<semicolon])) else { continue }
            var weight = 1000
            for parameter in element[semicolon...].split(separator: UInt8(ascii: ";")) {
                if let parsed = AcceptEncoding.weightParameter(AcceptEncoding.trimmed(parameter)) { weight = parsed }
            }
            if weight == 0 { excluded.insert(range) } else { ranges.append((range, weight)) }
        }
        for candidate in ranges.enumerated().sorted(by: { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }) {
            if candidate.element.range == "*" { break }
            if let tag = localization.lookup(candidate.element.range, steps: &steps), !excluded.contains(tag.lowercased()) {
                return tag
            }
        }
        return localization.defaultLocale
    }

    /// The range in `bytes`, lowercased, when it is `*` or `alpha{1,8}(-alphanum{1,8})*` of at
    /// most `maxSubtags` subtags and `maxRangeBytes` bytes; nil otherwise.
    private static func languageRange(_ bytes: Substring.UTF8View) -> String? {
        guard bytes.count <= maxRangeBytes else { return nil }
        if bytes.elementsEqual("*".utf8) { return "*" }
        var subtags = 1, length = 0
        for byte in bytes {
            if byte == UInt8(ascii: "-") {
                guard (1...8).contains(length), subtags < maxSubtags else { return nil }
                subtags += 1
                length = 0
            } else {
                let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                guard isLetter || (isDigit && subtags > 1) else { return nil }
                length += 1
            }
        }
        guard (1...8).contains(length) else { return nil }
        return String(decoding: bytes, as: UTF8.self).lowercased()
    }
}
