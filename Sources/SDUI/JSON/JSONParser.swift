/// A strict RFC 8259 parser over UTF-8 bytes that builds `JSONValue`s, keeping key order and
/// number literals. Errors carry the line and column; duplicate keys are rejected (they are
/// ambiguous in a page template); nesting deeper than `maxDepth` is rejected, not recursed into,
/// so no input can overflow the stack.
public struct JSONParser {
    /// The deepest nesting accepted unless the caller says otherwise (Pages files); an
    /// upstream's JSON gets a tighter limit (SPEC: deeper than 64 levels is "no value").
    public static let defaultMaxDepth = 256

    let bytes: [UInt8]
    var index = 0
    private let maxDepth: Int
    private var depth = 0

    /// Parses one JSON text (surrounding whitespace allowed, nothing else after it). Arrays and
    /// objects nested more than `maxDepth` deep (`[1]` is depth 1) are an error.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.error("unexpected content after the JSON value") }
        return value
    }

    /// Parses a JSON text given as a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(describe(bytes[index]))")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var members: [JSONObject.Member] = []
        var seen = Set<String>()  // the keys, once there are more than `keysScanned`
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        members.reserveCapacity(4)  // one allocation for a small object, not one per member up to four
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a string key") }
            let keyStart = index
            let key = try parseString()
            if Self.isDuplicate(key, of: members, seen: &seen) {
                index = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after key") }
            index += 1
            skipWhitespace()
            members.append(JSONObject.Member(key: key, value: try parseValue()))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) { index += 1; break }
            throw error(index < bytes.count ? "expected ',' or '}' in object" : "unexpected end of input")
        }
        depth -= 1
        return .object(JSONObject(members))
    }

    /// The most members whose keys a new key is compared with one by one: nearly every object
    /// (an action's body, a template's node) is smaller, and a few comparisons cost less than
    /// hashing each key into a set. A larger object's keys go into `seen` once it passes this.
    static let keysScanned = 16

    /// Whether `key` equals a key of `members` (as `String`s are equal: canonically, as a `Set`
    /// compares them). Up to `keysScanned` members they are scanned; past that, `seen` holds
    /// their keys (filled on the first call that needs it) and takes `key` in.
    private static func isDuplicate(_ key: String, of members: [JSONObject.Member], seen: inout Set<String>) -> Bool {
        guard members.count >= keysScanned else { return members.contains { $0.key == key } }
        if seen.isEmpty { seen = Set(members.lazy.map(\.key)) }
        return !seen.insert(key).inserted
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "]")) { index += 1; break }
            throw error(index < bytes.count ? "expected ',' or ']' in array" : "unexpected end of input")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > maxDepth { throw error("nesting deeper than \(maxDepth)") }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let matches = index + count <= bytes.count && (0..<count).allSatisfy { i in
            bytes[index + i] == literal.utf8Start[i]
        }
        guard matches else { throw error("invalid literal, expected \(literal)") }
        index += count
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    func error(_ message: String) -> JSONParseError {
        var line = 1
        var column = 1
        for byte in bytes[0..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONParseError(line: line, column: column, message: message)
    }

    func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : "0x" + String(byte, radix: 16)
    }
}
