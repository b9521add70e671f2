/// The rules of the Prometheus text format 0.0.4 that `promtool check metrics` enforces, for a
/// test to hold a scrape to when promtool is not installed (Debian's `prometheus` package is
/// ~100 MB, too much to add to `make deps` for one check): every family has one `# HELP` and
/// one `# TYPE`, before its samples, which are contiguous; names and label names are valid; a
/// counter's name ends in `_total`; label values escape only `\\`, `\"` and `\n`; no series
/// twice; values are numbers; a histogram's buckets rise to `+Inf` and match `_count`.
enum ExpositionCheck {
    /// The problems in `text`, each naming its line; empty when it is clean.
    static func problems(in text: String) -> [String] {
        var problems: [String] = []
        var help = Set<String>(), types: [String: String] = [:], finished = Set<String>(), series = Set<String>()
        var current: String?
        var buckets: [String: [(le: Double, count: Double)]] = [:], counts: [String: Double] = [:]
        guard text.hasSuffix("\n") else { return ["the text does not end with a newline"] }
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            let report = { (message: String) in problems.append("line \(number + 1): \(message): \(line)") }
            if line.hasPrefix("# HELP ") || line.hasPrefix("# TYPE ") {
                let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
                guard parts.count >= 3, isName(parts[2], colons: true) else { report("bad comment"); continue }
                let name = String(parts[2])
                if name != current {
                    if let current { finished.insert(current) }
                    if finished.contains(name) { report("family \(name) seen before") }
                    current = name
                }
                if parts[1] == "HELP" {
                    if !help.insert(name).inserted { report("second HELP") }
                } else {
                    let type = parts.count == 4 ? String(parts[3]) : ""
                    guard ["counter", "gauge", "histogram", "summary", "untyped"].contains(type) else { report("bad type"); continue }
                    if types.updateValue(type, forKey: name) != nil { report("second TYPE") }
                    if type == "counter" && !name.hasSuffix("_total") { report("counter without _total") }
                }
                continue
            }
            if line.hasPrefix("#") { continue }
            guard let sample = Sample(line) else { report("malformed sample"); continue }
            guard let family = current, let type = types[family], help.contains(family) else {
                report("sample before its family's HELP and TYPE"); continue
            }
            let suffixes = type == "histogram" ? ["_bucket", "_sum", "_count"] : [""]
            guard suffixes.contains(where: { sample.name == family + $0 }) else { report("sample outside its family \(family)"); continue }
            if !series.insert(sample.name + sample.labels.description).inserted { report("series twice") }
            guard type == "histogram" else { continue }
            let key = family + sample.labels.filter { $0.name != "le" }.description
            if sample.name.hasSuffix("_bucket") {
                guard let le = sample.labels.first(where: { $0.name == "le" }).flatMap({ Sample.number(Substring($0.value)) }) else { report("bucket without le"); continue }
                if let last = buckets[key]?.last, last.le >= le || last.count > sample.value { report("buckets not rising") }
                buckets[key, default: []].append((le, sample.value))
            } else if sample.name.hasSuffix("_count") {
                counts[key] = sample.value
            }
        }
        for (key, list) in buckets where list.last?.le != .infinity || counts[key] != list.last?.count {
            problems.append("histogram \(key): no +Inf bucket, or _count differs from it")
        }
        return problems
    }

    /// `[a-zA-Z_:][a-zA-Z0-9_:]*` for metric names (`colons`), `[a-zA-Z_][a-zA-Z0-9_]*` for labels.
    static func isName(_ text: Substring, colons: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.numericType == nil else { return false }
        return text.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || $0 == "_" || (colons && $0 == ":") }
    }

    /// One sample line: name, labels (unescaped values), value.
    struct Sample {
        let name: String
        let labels: [Label]
        let value: Double

        struct Label: CustomStringConvertible {
            let name: String
            let value: String
            var description: String { "\(name)=\(value.debugDescription)" }
        }

        init?(_ line: Substring) {
            var rest = line.unicodeScalars[...]
            let name = String(String.UnicodeScalarView(rest.prefix { $0 != "{" && $0 != " " }))
            guard ExpositionCheck.isName(Substring(name), colons: true) else { return nil }
            rest = rest.dropFirst(name.unicodeScalars.count)
            var labels: [Label] = []
            if rest.first == "{" {
                rest = rest.dropFirst()
                while rest.first != "}" {
                    let label = String(String.UnicodeScalarView(rest.prefix { $0 != "=" }))
                    guard ExpositionCheck.isName(Substring(label), colons: false), !label.hasPrefix("__"),
                          !labels.contains(where: { $0.name == label }) else { return nil }
                    rest = rest.dropFirst(label.unicodeScalars.count)
                    guard rest.popFirst() == "=", rest.popFirst() == "\"" else { return nil }
                    var value = String.UnicodeScalarView()
                    while let scalar = rest.popFirst(), scalar != "\"" {
                        guard scalar != "\n" else { return nil }
                        guard scalar == "\\" else { value.append(scalar); continue }
                        switch rest.popFirst() {
                        case "\\": value.append("\\")
                        case "\"": value.append("\"")
                        case "n": value.append("\n")
                        default: return nil
                        }
                    }
                    labels.append(Label(name: label, value: String(value)))
                    if rest.first == "," { rest = rest.dropFirst() } else if rest.first != "}" { return nil }
                }
                rest = rest.dropFirst()
            }
            guard rest.popFirst() == " " else { return nil }
            let fields = String(String.UnicodeScalarView(rest)).split(separator: " ", omittingEmptySubsequences: false)
            guard (1...2).contains(fields.count), let value = Self.number(fields[0]) else { return nil }
            self.name = name
            self.labels = labels
            self.value = value
        }

        /// A sample value: a float, `+Inf`, `-Inf` or `NaN`.
        static func number(_ text: Substring) -> Double? {
            switch text {
            case "+Inf": .infinity
            case "-Inf": -.infinity
            case "NaN": .nan
            default: Double(text)
            }
        }
    }
}
