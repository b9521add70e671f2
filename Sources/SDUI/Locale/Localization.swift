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

    init(defaultLocale: String, locales: [LocaleStrings]) {
        self.defaultLocale = defaultLocale
        self.locales = Dictionary(uniqueKeysWithValues: locales.map { ($0.tag.lowercased(), $0) })
        tags = locales.map(\.tag).sorted()
    }

    /// The locale an RFC 4647 §3.4 lookup finds for one language range (case-insensitive):
    /// the range itself, else the range with its last subtag removed (and a single-letter
    /// subtag left before it), and so on; nil when none is a locale, and for `*`.
    public func lookup(_ range: String) -> String? {
        var subtags = range.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        while !subtags.isEmpty {
            if let strings = locales[subtags.joined(separator: "-")] { return strings.tag }
            subtags.removeLast()
            if subtags.last?.count == 1 { subtags.removeLast() }
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
