import CFoundationICU

/// A locale's own CLDR number pattern, through ICU's pattern-based API: decimal (`#,##0.###` in
/// most locales), percent (`#,##0%`, `#,##0 %`). `LocaleFormats` formats with skeletons, which
/// ICU otherwise rounds to 6 decimals whatever the locale says; it takes their precision from here
/// (`precision`), so a number is written with the decimals CLDR gives it (SPEC §7.1: 1.23456 is
/// `1.235`, 0.256 is `26%`). ICU's `UNumberFormat` is not documented as thread-safe: this is read
/// when a locale loads (and by tests, as the oracle the formats are checked against), not shared.
final class NumberPattern {
    enum Style {
        case decimal, percent
    }

    private let format: UnsafeMutablePointer<UNumberFormat?>

    /// The pattern of `style` in `locale`; nil when ICU opens none.
    init?(_ style: Style, locale: String) {
        var status = U_ZERO_ERROR
        guard let format = cicu_pattern_open(style == .decimal ? UNUM_DECIMAL : UNUM_PERCENT, locale, &status),
              ICUString.succeeded(status)
        else { return nil }
        self.format = format
    }

    deinit { cicu_pattern_close(format) }

    /// The pattern's fraction digits: 0…3 for `#,##0.###`, 0…0 for `#,##0%`.
    var fractionDigits: ClosedRange<Int> {
        var minimum: Int32 = 0, maximum: Int32 = 0
        cicu_pattern_fraction_digits(format, &minimum, &maximum)
        return Int(minimum)...Int(max(minimum, maximum))
    }

    /// The ICU skeleton stem for the pattern's fraction digits: `.###`, `.00`, `precision-integer`.
    var precisionStem: String {
        let digits = fractionDigits
        guard digits.upperBound > 0 else { return "precision-integer" }
        return "." + String(repeating: "0", count: digits.lowerBound) + String(repeating: "#", count: digits.upperBound - digits.lowerBound)
    }

    /// The precision stem of `style` in `locale`; CLDR's root pattern's (`#,##0.###`, `#,##0%`)
    /// when ICU opens none.
    static func precision(_ style: Style, locale: String) -> String {
        NumberPattern(style, locale: locale)?.precisionStem ?? (style == .decimal ? ".###" : "precision-integer")
    }

    /// `value` as the pattern writes it.
    func format(_ value: Double) -> String? {
        ICUString.read { buffer, capacity, status in cicu_pattern_format(format, value, buffer, capacity, &status) }
    }
}
