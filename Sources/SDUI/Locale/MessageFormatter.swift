/// Formats one parsed message with its arguments in one locale: numbers for the locale,
/// plural cases by CLDR category. Any argument the message formats that has no suitable value
/// (missing, or not a number where one is needed) leaves the whole message without a value.
struct MessageFormatter {
    let formats: LocaleFormats
    let arguments: JSONObject
    private var output = ""

    init(formats: LocaleFormats, arguments: JSONObject) {
        self.formats = formats
        self.arguments = arguments
    }

    /// The text of `message`, or nil.
    mutating func format(_ message: Message) -> String? {
        output = ""
        return write(message, pound: nil) ? output : nil
    }

    private mutating func write(_ message: Message, pound: Double?) -> Bool {
        for part in message.parts {
            switch part {
            case .text(let text):
                output += text
            case .argument(let name):
                guard let value = arguments[name], let text = text(value) else { return false }
                output += text
            case .number(let name, let style):
                guard let value = arguments[name].flatMap(Localizer.number), let text = formats.number(value, style) else { return false }
                output += text
            case .date(let name, let style):
                guard let value = arguments[name]?.stringValue, let text = formats.date(value, style) else { return false }
                output += text
            case .pound:
                guard let pound, let text = formats.number(pound, .decimal) else { return false }
                output += text
            case .plural(let plural):
                guard let value = arguments[plural.name].flatMap(Localizer.number) else { return false }
                let chosen: Message
                if let exact = plural.exact.first(where: { $0.value == value }) {
                    chosen = exact.message
                } else {
                    let category = formats.category(value - plural.offset)
                    chosen = plural.categories.first(where: { $0.category == category })?.message ?? plural.other
                }
                guard write(chosen, pound: value - plural.offset) else { return false }
            case .select(let select):
                guard let key = arguments[select.name].flatMap(Self.selector) else { return false }
                guard write(select.cases.first(where: { $0.key == key })?.message ?? select.other, pound: pound) else { return false }
            }
        }
        return true
    }

    /// A select argument's case name: the text of a string, number or boolean as written.
    private static func selector(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    /// A `{name}` argument's text: strings as they are, numbers formatted for the locale.
    private func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number: Localizer.number(value).flatMap { formats.number($0, .decimal) }
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }
}
