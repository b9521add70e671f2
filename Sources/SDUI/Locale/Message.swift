/// One parsed ICU MessageFormat message (SPEC §7.1): text, `{name}` arguments, `{n, number}`,
/// `{d, date, long}`, `{n, plural, …}` with `#`, and `{g, select, …}`. Parsed once when a
/// Pages version loads; a request only formats it (`MessageFormatter`).
struct Message: Sendable, Equatable {
    var parts: [MessagePart]

    /// The whole text of a message with no arguments (most are): it formats to itself.
    var plainText: String? {
        switch parts.count {
        case 0: return ""
        case 1: if case .text(let text) = parts[0] { return text }
        default: break
        }
        return nil
    }
}

/// A piece of a message.
indirect enum MessagePart: Sendable, Equatable {
    /// Literal text (quoting already resolved).
    case text(String)
    /// `{name}`: the argument's text; a number is formatted for the locale.
    case argument(String)
    /// `{name, number}`, `{name, number, integer}`, `{name, number, percent}`.
    case number(String, NumberArgumentStyle)
    /// `{name, date}` (medium) or `{name, date, short|medium|long}`: an ISO 8601 date.
    case date(String, DateFormat.Style)
    /// `#` inside a plural case: the plural's number (less its offset), formatted.
    case pound
    case plural(PluralArgument)
    case select(SelectArgument)
}

/// The styles of a `number` argument.
enum NumberArgumentStyle: String, Sendable, Equatable {
    case decimal = "", integer, percent
}

/// `{n, plural, offset:1 =0 {…} one {…} other {…}}`: an exact `=value` case wins, else the
/// CLDR category of `n - offset`, else `other`.
struct PluralArgument: Sendable, Equatable {
    var name: String
    var offset: Double
    var exact: [(value: Double, message: Message)]
    var categories: [(category: String, message: Message)]
    var other: Message

    static func == (a: PluralArgument, b: PluralArgument) -> Bool {
        a.name == b.name && a.offset == b.offset && a.other == b.other
            && a.exact.elementsEqual(b.exact, by: { $0.value == $1.value && $0.message == $1.message })
            && a.categories.elementsEqual(b.categories, by: { $0.category == $1.category && $0.message == $1.message })
    }
}

/// `{g, select, female {…} other {…}}`: the case named by the argument's text, else `other`.
struct SelectArgument: Sendable, Equatable {
    var name: String
    var cases: [(key: String, message: Message)]
    var other: Message

    static func == (a: SelectArgument, b: SelectArgument) -> Bool {
        a.name == b.name && a.other == b.other
            && a.cases.elementsEqual(b.cases, by: { $0.key == $1.key && $0.message == $1.message })
    }
}

/// A malformed message: what is wrong and where (0-based offset in Unicode scalars).
struct MessageSyntaxError: Error, Equatable, CustomStringConvertible {
    var offset: Int
    var reason: String

    var description: String { "\(reason) at offset \(offset)" }
}
