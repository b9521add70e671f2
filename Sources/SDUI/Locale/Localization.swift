/// The locales of a Pages version (SPEC §7.1): `site.json`'s `defaultLocale` and one
/// `strings/<tag>.json` each, their messages parsed and their CLDR formats built at load.
/// Immutable; shared by every request of the version.
public final class Localization: Sendable {
    /// The default locale's tag, as its strings file spells it.
    public let defaultLocale: String
    /// Every locale's tag, as its strings file spells it, sorted.
    public let tags: [String]
    /// Lowercased tag → its strings.
    private let locales: [String: LocaleStrings]
    /// The longest tag's length in bytes: no longer candidate is looked up.
    private let longestTag: Int

    init(defaultLocale: String, locales: [LocaleStrings]) {
        self.defaultLocale = defaultLocale
        self.locales = Dictionary(uniqueKeysWithValues: locales.map { ($0.tag.lowercased(), $0) })
        tags = locales.map(\.tag).sorted()
        longestTag = self.locales.keys.map(\.utf8.count).max() ?? 0
    }

    /// The locale an RFC 4647 §3.4 lookup finds for one language range (case-insensitive):
    /// the range itself, else the range with its last subtag removed (and a single-letter
    /// subtag left before it), and so on; nil when none is a locale, and for `*`.
    public func lookup(_ range: String) -> String? {
        var steps = 0
        return lookup(range, steps: &steps)
    }

    /// `lookup(_:)`, adding its cost to `steps`: the range's bytes, read once, plus the bytes of
    /// each candidate looked up. A candidate longer than the longest tag can't be one and is
    /// skipped, so the cost is at most the range's length plus the square of the longest tag's,
    /// however many subtags the range has (a header may send thousands).
    public func lookup(_ range: String, steps: inout Int) -> String? {
        let bytes = Array(range.lowercased().utf8)
        steps += bytes.count
        // The candidates, longest first: the range up to the end of each of its subtags.
        var ends = bytes.indices.filter { bytes[$0] == UInt8(ascii: "-") }
        ends.append(bytes.count)
        while let end = ends.popLast() {
            if end <= longestTag {
                steps += end
                if let strings = locales[String(decoding: bytes[..<end], as: UTF8.self)] { return strings.tag }
            }
            // A single-letter subtag left last goes with the one removed.
            if let last = ends.last, last - (ends.dropLast().last.map { $0 + 1 } ?? 0) == 1 { ends.removeLast() }
        }
        return nil
    }

    /// The strings of `tag` (any case); nil for a tag that is not a locale.
    func strings(_ tag: String) -> LocaleStrings? {
        locales[tag.lowercased()]
    }

    /// The default locale's strings (validation guarantees they exist).
    var defaultStrings: LocaleStrings { locales[defaultLocale.lowercased()]! }
}

/// One locale: its messages and formats.
final class LocaleStrings: Sendable {
    let tag: String
    /// Key → parsed message.
    let messages: [String: Message]
    let formats: LocaleFormats

    init(tag: String, messages: [String: Message]) {
        self.tag = tag
        self.messages = messages
        formats = LocaleFormats(tag: tag)
    }
}
