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

    /// Escapes `\` and newline (and `"` in label values) as the format requires.
    static func escape(_ text: String, quotes: Bool) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\n" || (quotes && $0 == "\"") }) else { return text }
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\"" where quotes: escaped += "\\\""
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
