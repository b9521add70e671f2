/// Follows where a preview template's markup stands (text, a tag, an attribute value) as its
/// literal pieces are fed in order, so that `PreviewTemplate.parse` can refuse what could run
/// a script or let a value escape its place: a `<script` tag, an event-handler attribute
/// (`on…=`), and a `{{value}}` inside a tag but outside a quoted attribute value, where an
/// escaped value could still add an attribute (`src={{url}}` with `x onerror=…`).
struct PreviewMarkupScanner {
    /// Where the next character stands.
    enum Place: Equatable {
        case text
        case tagName(String)
        /// Inside a tag, between attributes.
        case tag
        case attributeName(String)
        /// After `name=`, before its value.
        case beforeValue
        case unquotedValue
        case quotedValue(Unicode.Scalar)
    }

    private(set) var place = Place.text

    /// Reads `markup`; the message of the first thing refused, if any.
    mutating func feed(_ markup: String) -> String? {
        for scalar in markup.unicodeScalars {
            if let refusal = step(scalar) { return refusal }
        }
        return nil
    }

    private mutating func step(_ scalar: Unicode.Scalar) -> String? {
        let space = scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{C}"
        switch place {
        case .text:
            if scalar == "<" { place = .tagName("") }
        case .tagName(let name):
            if name.isEmpty, !(scalar.properties.isAlphabetic || scalar == "/" || scalar == "!") {
                place = .text  // `a < b`: a `<` that opens no tag is text
            } else if space || scalar == ">" {
                if name.lowercased() == "script" || name.lowercased() == "/script" { return "a <script> tag is not allowed" }
                place = scalar == ">" ? .text : .tag
            } else {
                place = .tagName(name + String(scalar))
            }
        case .tag:
            switch scalar {
            case ">": place = .text
            case "=": place = .beforeValue
            case "/": break
            default: if !space { place = .attributeName(String(scalar)) }
            }
        case .attributeName(let name):
            guard space || scalar == "=" || scalar == ">" || scalar == "/" else {
                place = .attributeName(name + String(scalar))
                return nil
            }
            if name.lowercased().hasPrefix("on") { return "the event-handler attribute \"\(name)\" is not allowed" }
            place = scalar == "=" ? .beforeValue : scalar == ">" ? .text : .tag
        case .beforeValue:
            switch scalar {
            case "\"", "'": place = .quotedValue(scalar)
            case ">": place = .text
            default: if !space { place = .unquotedValue }
            }
        case .unquotedValue:
            if space { place = .tag } else if scalar == ">" { place = .text }
        case .quotedValue(let quote):
            if scalar == quote { place = .tag }
        }
        return nil
    }

    /// Whether an escaped value may stand here: in text or a quoted attribute value.
    var takesValue: Bool {
        switch place {
        case .text, .quotedValue: true
        default: false
        }
    }

    /// Whether a section may open or close here: where a value may, or between attributes.
    var takesSection: Bool { takesValue || place == .tag }
}
