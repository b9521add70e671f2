/// The messages and formats of the locale one request negotiated (SPEC §7.1): `$t` looks a
/// message up in it, falling back to the default locale's message (formatted in the default
/// locale, whose plural categories it was written for); `$format` formats in it.
struct Localizer: Sendable {
    let localization: Localization
    let locale: LocaleStrings

    /// The localizer of `tag`, or nil when the site has no strings or `tag` is not one of them.
    init?(_ localization: Localization?, tag: String?) {
        guard let localization, let tag, let locale = localization.strings(tag) else { return nil }
        self.localization = localization
        self.locale = locale
    }

    /// The message `key` with `arguments`; nil when the key is unknown in both locales or an
    /// argument it formats has no suitable value.
    func message(_ key: String, arguments: JSONObject) -> String? {
        let strings: LocaleStrings, message: Message
        if let own = locale.messages[key] {
            (strings, message) = (locale, own)
        } else if let fallback = localization.defaultStrings.messages[key] {
            (strings, message) = (localization.defaultStrings, fallback)
        } else {
            return nil
        }
        if let text = message.plainText { return text }
        var formatter = MessageFormatter(formats: strings.formats, arguments: arguments)
        return formatter.format(message)
    }

    /// `value` formatted by `style`; nil when it isn't a number (a date for `.date`).
    func format(_ value: JSONValue, _ style: FormatStyle) -> String? {
        let formats = locale.formats
        switch style {
        case .number: return Self.number(value).flatMap { formats.number($0, .decimal) }
        case .percent: return Self.number(value).flatMap { formats.number($0, .percent) }
        case .currency(let code): return Self.number(value).flatMap { formats.currency($0, code: code) }
        case .date(let dateStyle): return value.stringValue.flatMap { formats.date($0, dateStyle) }
        }
    }

    /// A JSON number, or a string holding one; nil otherwise (and for infinities and NaN).
    static func number(_ value: JSONValue) -> Double? {
        let parsed: Double? = switch value {
        case .number(let text), .string(let text): DecimalText.double(text)
        default: nil
        }
        return parsed.flatMap { $0.isFinite ? $0 : nil }
    }
}

/// How `$format` formats a value, decided per request (the currency code may be bound).
enum FormatStyle: Sendable {
    case number, percent
    case currency(String)
    case date(DateFormat.Style)
}
