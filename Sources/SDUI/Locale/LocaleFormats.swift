import Synchronization

/// The CLDR rules and formats of one locale, built once per Pages version when it loads and
/// shared by every request: plural rules, decimal, integer and percent formats, the date
/// styles, and currency formats, one per currency code, built on first use and then kept.
final class LocaleFormats: Sendable {
    /// The BCP 47 tag, as ICU takes it.
    let tag: String
    let plural: PluralRules?
    let decimal: NumberFormat?
    let integer: NumberFormat?
    let percent: NumberFormat?
    private let dates: [DateFormat.Style: DateFormat]
    /// Currency code → ICU's format and, where it agrees with ICU, the same format as a
    /// `CurrencyPattern` (nil: ICU refused the code), filled on first use.
    private let currencies = Mutex<[String: (icu: NumberFormat, pattern: CurrencyPattern?)?]>([:])

    init(tag: String) {
        self.tag = tag
        plural = PluralRules(locale: tag)
        // The locale's pattern decides the decimals (a bare skeleton would write up to 6).
        decimal = NumberFormat(skeleton: NumberPattern.precision(.decimal, locale: tag), locale: tag)
        integer = NumberFormat(skeleton: "precision-integer", locale: tag)
        percent = NumberFormat(skeleton: "percent scale/100 " + NumberPattern.precision(.percent, locale: tag), locale: tag)
        var dates: [DateFormat.Style: DateFormat] = [:]
        for style in DateFormat.Style.allCases { dates[style] = DateFormat(style: style, locale: tag) }
        self.dates = dates
        smallDecimals = (0..<Self.smallIntegers).map { [decimal] in decimal?.format(Double($0)) }
        smallCategories = (0..<Self.smallIntegers).map { [plural] in plural?.category(Double($0)) ?? "other" }
    }

    /// How many integers from 0 have their decimal text and plural category worked out when the
    /// locale loads: counts (`# items`) are mostly small, and an ICU call per count is costly.
    static let smallIntegers = 100
    /// ICU's decimal text of 0..<`smallIntegers`, and their plural categories.
    private let smallDecimals: [String?]
    private let smallCategories: [String]

    /// The index of `value` in the small-integer tables: 0..<`smallIntegers` exactly (not -0,
    /// which ICU writes with its sign).
    private static func smallInteger(_ value: Double) -> Int? {
        guard value.sign == .plus, value < Double(smallIntegers), value.rounded(.towardZero) == value else { return nil }
        return Int(value)
    }

    /// `value` with the number style.
    func number(_ value: Double, _ style: NumberArgumentStyle) -> String? {
        switch style {
        case .decimal: Self.smallInteger(value).map { smallDecimals[$0] } ?? decimal?.format(value)
        case .integer: integer?.format(value)
        case .percent: percent?.format(value)
        }
    }

    /// `value` in `currency` (an ISO 4217 code, `EUR`); nil for a code that isn't one.
    func currency(_ value: Double, code: String) -> String? {
        guard code.utf8.count == 3, code.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return nil }
        let format = currencies.withLock { formats in
            if let known = formats[code] { return known }
            let made = NumberFormat(skeleton: "currency/\(code)", locale: tag).map { icu in (icu, CurrencyPattern(icu: icu.format)) }
            formats[code] = made
            return made
        }
        guard let format else { return nil }
        return format.pattern?.format(value) ?? format.icu.format(value)
    }

    /// The day of an ISO 8601 date or RFC 3339 timestamp, in the style.
    func date(_ text: String, _ style: DateFormat.Style) -> String? {
        guard let seconds = Timestamp.parseDate(text) else { return nil }
        return dates[style]?.format(secondsSince1970: seconds)
    }

    /// The CLDR plural category of `value` as the decimal format writes it (as `#` shows it), as
    /// ICU's MessageFormat chooses: 1.0004 is written `1`, and is `one` in English. An integer
    /// under 10^15 is written as it is, so its own category is the same and costs no formatting.
    func category(_ value: Double) -> String {
        if let small = Self.smallInteger(value) { return smallCategories[small] }
        guard let plural else { return "other" }
        guard let decimal, value.rounded(.towardZero) != value || abs(value) >= 1e15 else { return plural.category(value) }
        return plural.category(value, writtenBy: decimal)
    }
}
