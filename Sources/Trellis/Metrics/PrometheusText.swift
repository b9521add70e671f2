/// Pieces of the Prometheus text exposition format 0.0.4 shared by every metric kind.
enum PrometheusText {
    /// The `# HELP` and `# TYPE` lines that open a metric family.
    static func header(name: String, help: String, type: String) -> String {
        "# HELP \(name) \(escape(help, quotes: false))\n# TYPE \(name) \(type)\n"
    }

    /// `{a="x",b="y"}` for parallel arrays of label names and values; empty for no labels.
    static func labels(_ names: [String], _ values: [String]) -> String {
        guard !names.isEmpty else { return "" }
        let pairs = zip(names, values).map { "\($0)=\"\(escape($1, quotes: true))\"" }
        return "{" + pairs.joined(separator: ",") + "}"
    }

    /// A sample value: integers without a fraction, `+Inf`, `-Inf`, `NaN`, else Swift's
    /// shortest round-tripping form (`0.0005`, `2.5`).
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    /// Escapes `\` and newline (and `"` in label values) as the format requires. Read per
    /// Unicode scalar, not per `Character`: a combining mark after `"` (or `\r` before `\n`)
    /// makes one `Character` that is not equal to it, and must not carry it through unescaped.
    static func escape(_ text: String, quotes: Bool) -> String {
        let special = { (scalar: Unicode.Scalar) in scalar == "\\" || scalar == "\n" || (quotes && scalar == "\"") }
        guard text.unicodeScalars.contains(where: special) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\"" where quotes: escaped += "\\\""
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
