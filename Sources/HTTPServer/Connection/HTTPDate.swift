#if canImport(Glibc)
import Glibc
#endif

/// The `Date` header value (IMF-fixdate, RFC 9110 §5.6.7), rebuilt at most once a second.
/// One per event loop; not shared between threads.
struct HTTPDate {
    private var second: time_t = -1
    private var cached: [UInt8] = []

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n` for the current second.
    mutating func headerLine() -> [UInt8] {
        let now = time(nil)
        if now != second {
            second = now
            cached = Array("Date: \(Self.format(now))\r\n".utf8)
        }
        return cached
    }

    /// Formats seconds since the epoch as IMF-fixdate.
    static func format(_ seconds: time_t) -> String {
        var t = seconds
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(1900 + parts.tm_year) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
