/// The data sources of one Pages version (`sources.json`) and the embedded values of its
/// file sources, ready for lookups by id.
struct SourceTable: Sendable {
    static let file = "sources.json"

    var sources: [String: DataSource] = [:]
    /// File source name to its values by key.
    var fileValues: [String: [String: JSONValue]] = [:]

    /// Reads `sources.json` (nil: no file, no sources); `dataFiles` are the parsed `data/` files.
    static func read(_ root: JSONValue?, dataFiles: [String: JSONValue], problems: inout ProblemList) -> SourceTable {
        var table = SourceTable()
        guard let root else { return table }
        guard let sources = root["sources"]?.objectValue else {
            problems.add(file, "$", "expected an object with a \"sources\" object")
            return table
        }
        for member in sources.members {
            let path = "$.sources".key(member.key)
            guard let def = member.value.objectValue else {
                problems.add(file, path, "expected an object with \"file\" or \"url\"")
                continue
            }
            let allowed: Set<String> = def["url"] == nil ? ["file", "timeoutMs", "ttlSeconds"] : upstreamKeys.union(["file"])
            for key in def.keys where !allowed.contains(key) {
                problems.add(file, path.key(key), "unknown key \"\(key)\" in a source (\(allowed.sorted().joined(separator: ", ")))")
            }
            let timeout = positiveInt(def["timeoutMs"], path.key("timeoutMs"), &problems, allowZero: false)
            let ttl = positiveInt(def["ttlSeconds"], path.key("ttlSeconds"), &problems, allowZero: true)
            switch (def["file"], def["url"]) {
            case (let fileValue?, nil):
                guard let dataPath = fileValue.stringValue, dataPath.hasPrefix("data/"), dataPath.hasSuffix(".json") else {
                    problems.add(file, path.key("file"), "expected a path like \"data/products.json\"")
                    continue
                }
                table.sources[member.key] = DataSource(name: member.key, kind: .file(path: dataPath), timeoutMs: timeout)
                guard let data = dataFiles[dataPath] else {
                    problems.add(file, path.key("file"), "missing file \"\(dataPath)\"")
                    continue
                }
                guard let object = data.objectValue else {
                    problems.add(dataPath, "$", "a file source holds a JSON object keyed by id")
                    continue
                }
                var values: [String: JSONValue] = [:]
                for entry in object.members { values[entry.key] = entry.value }
                table.fileValues[member.key] = values
            case (nil, .some):
                guard let source = upstreamSource(def, path, ttl: ttl, &problems) else { continue }
                table.sources[member.key] = DataSource(name: member.key, kind: .url(source), timeoutMs: timeout)
            default:
                problems.add(file, path, "a source has exactly one of \"file\" and \"url\"")
            }
        }
        return table
    }

    static func positiveInt(_ value: JSONValue?, _ path: String, _ problems: inout ProblemList, allowZero: Bool, file: String = file) -> Int? {
        guard let value else { return nil }
        guard let int = value.intValue, allowZero ? int >= 0 : int > 0 else {
            problems.add(file, path, "expected a \(allowZero ? "non-negative" : "positive") integer")
            return nil
        }
        return int
    }

    /// The authority of an `http(s)://` URL template: from after `://` to the first `/`, `?`
    /// or `#` (a key there would let a client choose the upstream host).
    static func authority(of url: String) -> Substring {
        let rest = url.drop { $0 != ":" }.dropFirst(3)
        return rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }
}
