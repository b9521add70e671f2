/// RFC 3339 timestamps (`2026-12-01T00:00:00+01:00`, `2026-12-01T00:00:00.5Z`) and ISO 8601
/// calendar dates (`2026-12-01`), as seconds since 1970 UTC, parsed strictly and without
/// Foundation's formatters (their leniency varies between platforms).
public enum Timestamp {
    /// An RFC 3339 `date-time` with its offset (`Z` or `±hh:mm`); nil for anything else.
    public static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, let day = days(bytes), bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
              let hour = digits(bytes, 11, 2), bytes[13] == UInt8(ascii: ":"), let minute = digits(bytes, 14, 2),
              bytes[16] == UInt8(ascii: ":"), let second = digits(bytes, 17, 2),
              hour < 24, minute < 60, second <= 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, let digit = digits(bytes, index, 1) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, let h = digits(bytes, index + 1, 2), bytes[index + 3] == UInt8(ascii: ":"),
                  let m = digits(bytes, index + 4, 2), h < 24, m < 60 else { return nil }
            offset = (h * 60 + m) * 60 * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        return Double(day * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    /// An ISO 8601 calendar date (midnight UTC) or an RFC 3339 timestamp.
    static func parseDate(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        if bytes.count == 10, let day = days(bytes) { return Double(day * 86_400) }
        return parse(text)
    }

    /// Days since 1970-01-01 of the `YYYY-MM-DD` at the start of `bytes`.
    private static func days(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 10, let year = digits(bytes, 0, 4), bytes[4] == UInt8(ascii: "-"),
              let month = digits(bytes, 5, 2), bytes[7] == UInt8(ascii: "-"), let day = digits(bytes, 8, 2),
              (1...12).contains(month), (1...daysIn(month, year)).contains(day)
        else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The decimal value of `count` ASCII digits at `start`, nil if any is not a digit.
    private static func digits(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<start + count] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
