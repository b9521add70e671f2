import CFoundationICU

/// A locale's CLDR cardinal plural rules (through ICU): the category of a number, `one`, `few`,
/// `many`, `other`... Opened once per locale when a Pages version loads; selecting is
/// read-only in ICU, so one instance serves every request thread.
final class PluralRules: @unchecked Sendable {
    private let rules: OpaquePointer

    /// The rules of `locale` (a BCP 47 tag); ICU falls back to the root rules (`other`) for a
    /// language CLDR doesn't know.
    init?(locale: String) {
        var status = U_ZERO_ERROR
        guard let rules = cicu_plural_open(locale, &status), ICUString.succeeded(status) else { return nil }
        self.rules = rules
    }

    deinit { cicu_plural_close(rules) }

    /// The category of `number` (`other` should ICU fail).
    func category(_ number: Double) -> String {
        ICUString.read { buffer, capacity, status in cicu_plural_select(rules, number, buffer, capacity, &status) } ?? "other"
    }

    /// The category of `number` as `format` writes it, as ICU's MessageFormat chooses a plural
    /// case: 1.0004 written `1` is `one` in English, 1.9996 written `2` is `other` in French.
    func category(_ number: Double, writtenBy format: NumberFormat) -> String {
        ICUString.read { buffer, capacity, status in
            cicu_plural_select_formatted(rules, format.formatter, number, buffer, capacity, &status)
        } ?? "other"
    }
}
