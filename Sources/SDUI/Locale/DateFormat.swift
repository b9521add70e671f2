import CFoundationICU
import Synchronization

/// A CLDR date format of one locale and style (`short`, `medium`, `long`), in UTC, through
/// ICU. ICU's `UDateFormat` is not thread-safe, so formatting holds a lock.
final class DateFormat: @unchecked Sendable {
    /// The styles `$format` accepts as `dateStyle`.
    enum Style: String, CaseIterable, Sendable {
        case short, medium, long
    }

    private let format: Mutex<UnsafeMutablePointer<UDateFormat?>>

    init?(style: Style, locale: String) {
        let icuStyle: UDateFormatStyle = switch style {
        case .short: UDAT_SHORT
        case .medium: UDAT_MEDIUM
        case .long: UDAT_LONG
        }
        var status = U_ZERO_ERROR
        guard let format = cicu_date_open(icuStyle, locale, &status), ICUString.succeeded(status) else { return nil }
        self.format = Mutex(format)
    }

    deinit { format.withLock { cicu_date_close($0) } }

    /// The day of `secondsSince1970` as the locale writes it (`1 décembre 2026`).
    func format(secondsSince1970 seconds: Double) -> String? {
        format.withLock { format in
            ICUString.read { buffer, capacity, status in cicu_date_format(format, seconds * 1000, buffer, capacity, &status) }
        }
    }
}
