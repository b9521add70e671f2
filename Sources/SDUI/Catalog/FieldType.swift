/// The type a catalog field rule gives a data field (SPEC §7.4): what `validate` checks a
/// literal against, and what a bound value must be at request time to be kept.
enum FieldType: Sendable, Equatable {
    case string, number, integer, boolean
    /// An absolute URL, any scheme (`https://…`, `app://…`).
    case url
    /// `#RRGGBB` or `#RRGGBBAA`.
    case color
    /// One of the listed strings.
    case oneOf([String])
    /// An action object (`{ "type": "navigate", … }`), or an array of them.
    case action
    case object, array

    /// The names written in `"type"`, for messages.
    static let names = ["string", "number", "integer", "boolean", "url", "color", "enum", "action", "object", "array"]

    /// The type named `name`; `enum` takes its `values`. Nil for an unknown name.
    init?(name: String, values: [String]) {
        switch name {
        case "string": self = .string
        case "number": self = .number
        case "integer": self = .integer
        case "boolean": self = .boolean
        case "url": self = .url
        case "color": self = .color
        case "enum": self = .oneOf(values)
        case "action": self = .action
        case "object": self = .object
        case "array": self = .array
        default: return nil
        }
    }

    /// What a message calls the type: `integer`, `one of "primary", "secondary"`.
    var expectation: String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .integer: "integer"
        case .boolean: "boolean"
        case .url: "an absolute URL"
        case .color: "a color #RRGGBB or #RRGGBBAA"
        case .oneOf(let values): "one of " + values.map { JSONWriter.describe(.string($0)) }.joined(separator: ", ")
        case .action: "an action object (or an array of them)"
        case .object: "object"
        case .array: "array"
        }
    }

    /// Whether `value` has the type. Actions are only checked for their shape here (an object
    /// with a string `type`, or an array of such); the action catalog checks the rest.
    func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.number, .number), (.boolean, .bool), (.object, .object), (.array, .array): true
        case (.integer, .number(let text)): Self.isInteger(text)
        case (.url, .string(let text)): Self.isAbsoluteURL(text)
        case (.color, .string(let text)): Self.isColor(text)
        case (.oneOf(let values), .string(let text)): values.contains(text)
        case (.action, .object(let object)): object["type"]?.stringValue != nil
        case (.action, .array(let items)): items.allSatisfy { $0["type"]?.stringValue != nil }
        default: false
        }
    }

    /// Whether a string can have the type (an interpolated string's type is only known at
    /// request time).
    var admitsStrings: Bool {
        switch self {
        case .string, .url, .color, .oneOf: true
        default: false
        }
    }

    /// A number literal with an integral value (`3`, `3.0`, `1e2`), as JSON Schema counts it.
    static func isInteger(_ text: String) -> Bool {
        if text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }) { return true }
        guard let value = Double(text), value.isFinite else { return false }
        return value.rounded() == value
    }

    /// `scheme:rest` with an RFC 3986 scheme (a letter, then letters, digits, `+ - .`) and
    /// something after the colon.
    static func isAbsoluteURL(_ text: String) -> Bool {
        // Checked on every page render: ASCII text (nearly every URL) byte by byte, where each
        // byte is a Character and U+000A–U+000D are the newlines; other text by Character.
        if let ascii = text.utf8.withContiguousStorageIfAvailable(isASCIIAbsoluteURL), let verdict = ascii { return verdict }
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex,
              !text.contains(where: { $0 == " " || $0.isNewline })
        else { return false }
        let scheme = text[..<colon]
        return scheme.first!.isASCIILetter && scheme.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || "+-.".contains($0) }
    }

    /// `isAbsoluteURL` of text in one pass over its bytes; nil when it is not all ASCII.
    private static func isASCIIAbsoluteURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        var colon: Int?, schemeValid = true, spaced = false
        for index in bytes.indices {
            let byte = bytes[index]
            if byte >= 0x80 { return nil }
            if byte == UInt8(ascii: " ") || (0x0A...0x0D).contains(byte) { spaced = true }
            guard colon == nil else { continue }
            if byte == UInt8(ascii: ":") {
                colon = index
            } else if !(isLetter(byte) || (index > 0 && ((UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")))) {
                schemeValid = false
            }
        }
        guard let colon, colon > 0, colon + 1 < bytes.count else { return false }
        return schemeValid && !spaced
    }

    /// `#RRGGBB` or `#RRGGBBAA`, hex digits in either case.
    static func isColor(_ text: String) -> Bool {
        let digits = text.utf8.dropFirst()
        return text.utf8.first == UInt8(ascii: "#") && (digits.count == 6 || digits.count == 8)
            && digits.allSatisfy { Character(Unicode.Scalar($0)).isHexDigit }
    }
}
