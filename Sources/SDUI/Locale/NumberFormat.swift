import CFoundationICU

/// A CLDR number format of one locale (through ICU's number skeletons): decimal (`".###"`),
/// percent (`"percent scale/100 precision-integer"`), currency (`"currency/EUR"`). Built once and reused:
/// ICU's `UNumberFormatter` is immutable and thread-safe.
final class NumberFormat: @unchecked Sendable {
    /// ICU's formatter, for the ICU calls that take one (`PluralRules.category(_:writtenBy:)`).
    let formatter: OpaquePointer

    /// The format for `skeleton` in `locale`; nil when ICU refuses the skeleton (an unknown
    /// currency code, for one).
    init?(skeleton: String, locale: String) {
        var status = U_ZERO_ERROR
        let units = Array(skeleton.utf16)
        guard let formatter = cicu_number_open(units, Int32(units.count), locale, &status), ICUString.succeeded(status)
        else { return nil }
        self.formatter = formatter
    }

    deinit { cicu_number_close(formatter) }

    /// `value` as the locale writes it (`12,99 €`).
    func format(_ value: Double) -> String? {
        ICUString.read { buffer, capacity, status in cicu_number_format(formatter, value, buffer, capacity, &status) }
    }
}
