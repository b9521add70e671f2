/// Parses ICU MessageFormat text into a `Message`, with ICU's quoting
/// (`ApostropheMode.DOUBLE_OPTIONAL`): `''` is one apostrophe; a `'` before `{`, `}`, `|` (or
/// `#` in a plural case) starts quoted literal text up to the next lone `'` (or the end); any
/// other `'` is itself. Errors name their offset in Unicode scalars.
struct MessageParser {
    /// The plural categories CLDR uses.
    static let categories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    private let scalars: [Unicode.Scalar]
    private var index = 0

    /// The parsed message, or where and why it is malformed.
    static func parse(_ text: String) -> Result<Message, MessageSyntaxError> {
        var parser = MessageParser(scalars: Array(text.unicodeScalars))
        do throws(MessageSyntaxError) {
            return .success(try parser.message(inPlural: false, opening: nil))
        } catch {
            return .failure(error)
        }
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    /// Text and arguments up to the end, or up to the `}` closing the case opened at `opening`.
    private mutating func message(inPlural: Bool, opening: Int?) throws(MessageSyntaxError) -> Message {
        var parts: [MessagePart] = []
        var text = ""
        func flush() {
            if !text.isEmpty { parts.append(.text(text)) }
            text = ""
        }
        while let scalar = peek() {
            switch scalar {
            case "'":
                quoted(inPlural: inPlural, into: &text)
            case "{":
                flush()
                parts.append(try argument())
            case "}":
                guard opening != nil else { throw MessageSyntaxError(offset: index, reason: "unmatched \"}\"") }
                flush()
                return Message(parts: parts)
            case "#" where inPlural:
                flush()
                parts.append(.pound)
                index += 1
            default:
                text.unicodeScalars.append(scalar)
                index += 1
            }
        }
        if let opening { throw MessageSyntaxError(offset: opening, reason: "unterminated case: missing \"}\"") }
        flush()
        return Message(parts: parts)
    }

    /// An apostrophe at `index`: `''`, a quoted run, or a literal `'`.
    private mutating func quoted(inPlural: Bool, into text: inout String) {
        index += 1
        guard let next = peek() else { return text.append("'") }
        if next == "'" {
            text.append("'")
            index += 1
            return
        }
        guard next == "{" || next == "}" || next == "|" || (next == "#" && inPlural) else { return text.append("'") }
        while let scalar = peek() {
            index += 1
            if scalar == "'" {
                guard peek() == "'" else { return }
                index += 1
            }
            text.unicodeScalars.append(scalar)
        }
    }

    /// `{name}`, `{name, type}`, `{name, type, style}`, at the `{` at `index`.
    private mutating func argument() throws(MessageSyntaxError) -> MessagePart {
        let start = index
        index += 1
        let name = try identifier("an argument name")
        skipSpaces()
        if try closes() { return .argument(name) }
        try expect(",")
        let typeStart = index
        let type = try identifier("an argument type (number, date, plural, select)")
        skipSpaces()
        switch type {
        case "number":
            guard let style = try simpleStyle() else { return .number(name, .decimal) }
            guard let parsed = NumberArgumentStyle(rawValue: style), parsed != .decimal else {
                throw MessageSyntaxError(offset: index, reason: "unknown number style \"\(style)\" (integer, percent)")
            }
            return .number(name, parsed)
        case "date":
            guard let style = try simpleStyle() else { return .date(name, .medium) }
            guard let parsed = DateFormat.Style(rawValue: style) else {
                throw MessageSyntaxError(offset: index, reason: "unknown date style \"\(style)\" (short, medium, long)")
            }
            return .date(name, parsed)
        case "plural":
            try expect(",")
            return .plural(try plural(name, start: start))
        case "select":
            try expect(",")
            return .select(try select(name, start: start))
        default:
            throw MessageSyntaxError(offset: typeStart, reason: "unsupported argument type \"\(type)\" (number, date, plural, select)")
        }
    }

    /// The style after `, ` and the closing `}`; nil when the argument closes with no style.
    private mutating func simpleStyle() throws(MessageSyntaxError) -> String? {
        if try closes() { return nil }
        try expect(",")
        let style = try identifier("a style")
        skipSpaces()
        guard try closes() else { throw MessageSyntaxError(offset: index, reason: "expected \"}\"") }
        return style
    }

    private mutating func plural(_ name: String, start: Int) throws(MessageSyntaxError) -> PluralArgument {
        skipSpaces()
        var offset = 0.0
        if matches("offset:") {
            index += "offset:".count
            skipSpaces()
            offset = try number()
        }
        var exact: [(value: Double, message: Message)] = []
        var categories: [(category: String, message: Message)] = []
        var other: Message?
        while true {
            skipSpaces()
            if try closes() { break }
            let selectorStart = index
            if peek() == "=" {
                index += 1
                let value = try number()
                if exact.contains(where: { $0.value == value }) {
                    throw MessageSyntaxError(offset: selectorStart, reason: "duplicate case \"=\(value)\"")
                }
                exact.append((value, try caseMessage(inPlural: true)))
                continue
            }
            let category = try identifier("a plural case (=n, zero, one, two, few, many, other)")
            guard Self.categories.contains(category) else {
                throw MessageSyntaxError(offset: selectorStart,
                                         reason: "unknown plural category \"\(category)\" (zero, one, two, few, many, other)")
            }
            if category == "other" ? other != nil : categories.contains(where: { $0.category == category }) {
                throw MessageSyntaxError(offset: selectorStart, reason: "duplicate case \"\(category)\"")
            }
            let message = try caseMessage(inPlural: true)
            if category == "other" { other = message } else { categories.append((category, message)) }
        }
        guard let other else { throw MessageSyntaxError(offset: start, reason: "plural \"\(name)\" has no \"other\" case") }
        return PluralArgument(name: name, offset: offset, exact: exact, categories: categories, other: other)
    }

    private mutating func select(_ name: String, start: Int) throws(MessageSyntaxError) -> SelectArgument {
        var cases: [(key: String, message: Message)] = []
        var other: Message?
        while true {
            skipSpaces()
            if try closes() { break }
            let keyStart = index
            let key = try identifier("a select case")
            if key == "other" ? other != nil : cases.contains(where: { $0.key == key }) {
                throw MessageSyntaxError(offset: keyStart, reason: "duplicate case \"\(key)\"")
            }
            let message = try caseMessage(inPlural: false)
            if key == "other" { other = message } else { cases.append((key, message)) }
        }
        guard let other else { throw MessageSyntaxError(offset: start, reason: "select \"\(name)\" has no \"other\" case") }
        return SelectArgument(name: name, cases: cases, other: other)
    }

    /// `{…}` after a selector: a nested message.
    private mutating func caseMessage(inPlural: Bool) throws(MessageSyntaxError) -> Message {
        skipSpaces()
        guard peek() == "{" else { throw MessageSyntaxError(offset: index, reason: "expected \"{\" after a case selector") }
        let opening = index
        index += 1
        let message = try message(inPlural: inPlural, opening: opening)
        index += 1
        return message
    }

    // MARK: Tokens

    private func peek() -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    private func matches(_ word: String) -> Bool {
        let word = Array(word.unicodeScalars)
        return scalars.count - index >= word.count && Array(scalars[index..<index + word.count]) == word
    }

    private mutating func skipSpaces() {
        while let scalar = peek(), scalar.properties.isPatternWhitespace { index += 1 }
    }

    /// Consumes a `}` when one is next.
    private mutating func closes() throws(MessageSyntaxError) -> Bool {
        guard peek() == "}" else {
            if peek() == nil { throw MessageSyntaxError(offset: index, reason: "unterminated argument: missing \"}\"") }
            return false
        }
        index += 1
        return true
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(MessageSyntaxError) {
        guard peek() == scalar else {
            throw MessageSyntaxError(offset: index, reason: peek() == nil ? "unterminated argument: missing \"}\"" : "expected \"\(scalar)\"")
        }
        index += 1
        skipSpaces()
    }

    /// Letters, digits and `_`, after optional spaces.
    private mutating func identifier(_ what: String) throws(MessageSyntaxError) -> String {
        skipSpaces()
        var name = ""
        while let scalar = peek(), scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" {
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard !name.isEmpty else { throw MessageSyntaxError(offset: index, reason: "expected \(what)") }
        return name
    }

    /// `-?digits(.digits)?`.
    private mutating func number() throws(MessageSyntaxError) -> Double {
        let start = index
        var text = ""
        while let scalar = peek(), scalar == "-" || scalar == "." || ("0"..."9").contains(scalar) {
            text.unicodeScalars.append(scalar)
            index += 1
        }
        guard let value = Double(text) else { throw MessageSyntaxError(offset: start, reason: "expected a number") }
        return value
    }
}
