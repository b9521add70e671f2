/// Generated source being written: lines at an indentation of four spaces a level.
struct SourceText {
    private(set) var text = ""
    private var depth = 0

    /// Appends `line` at the current indentation (an empty line stays empty).
    mutating func line(_ line: String = "") {
        text += line.isEmpty ? "\n" : String(repeating: "    ", count: depth) + line + "\n"
    }

    /// `opener`, then `body` one level in (or at the same level: a Swift `switch`'s cases),
    /// then `closer`.
    mutating func block(_ opener: String, closer: String = "}", indented: Bool = true, _ body: (inout SourceText) -> Void) {
        line(opener)
        if indented { depth += 1 }
        body(&self)
        if indented { depth -= 1 }
        line(closer)
    }

    /// `text` as a double-quoted literal: `\`, `"` and control characters escaped, and each
    /// character in `escapedAlso` (Kotlin's `$`) too; `unicode` spells a control character's escape.
    static func literal(_ text: String, escapedAlso: Set<Character> = [], unicode: (UInt32) -> String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    result += unicode(scalar.value)
                } else if escapedAlso.contains(Character(scalar)) {
                    result += "\\" + String(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
