/// The data sources of one Pages version (`sources.json`) and the embedded values of its
/// file sources, ready for lookups by id.
struct SourceTable: Sendable {
    static let file = "sources.json"
    /// The keys a `file` source may have.
    private static let fileKeys = ObjectKeys(["file", "timeoutMs", "ttlSeconds"], in: "a source")

    var sources: [String: DataSource] = [:]
    /// File source name to its values by key.
    var fileValues: [String: [String: JSONValue]] = [:]

    /// Reads `sources.json` (nil: no file, no sources); `dataFiles` are the parsed `data/` files.
    static func read(_ root: JSONValue?, dataFiles: [String: JSONValue], problems: inout ProblemList) -> SourceTable {
        var table = SourceTable()
        guard let root else { return table }
        guard let sources = root["sources"]?.objectValue else {
            problems.report(file, "$", "expected an object with a \"sources\" object")
            return table
        }
        for member in sources.members {
            let path = "$.sources".key(member.key)
            guard let def = ConfigObject(member.value, file: file, path: path, else: "expected an object with \"file\" or \"url\"",
                                         &problems)
            else { continue }
            def.check(def["url"] == nil ? fileKeys : upstreamKeys, &problems)
            let timeout = def.int("timeoutMs", .positive, &problems)
            let ttl = def.int("ttlSeconds", .nonNegative, &problems)
            switch (def["file"], def["url"]) {
            case (let fileValue?, nil):
                guard let dataPath = fileValue.stringValue, dataPath.hasPrefix("data/"), dataPath.hasSuffix(".json") else {
                    problems.report(file, path.key("file"), "expected a path like \"data/products.json\"")
                    continue
                }
                table.sources[member.key] = DataSource(name: member.key, kind: .file(path: dataPath), timeoutMs: timeout)
                guard let data = dataFiles[dataPath] else {
                    problems.report(file, path.key("file"), "missing file \"\(dataPath)\"")
                    continue
                }
                guard let object = data.objectValue else {
                    problems.report(dataPath, "$", "a file source holds a JSON object keyed by id")
                    continue
                }
                var values: [String: JSONValue] = [:]
                for entry in object.members { values[entry.key] = entry.value }
                table.fileValues[member.key] = values
            case (nil, .some):
                guard let source = upstreamSource(def, ttl: ttl, &problems) else { continue }
                table.sources[member.key] = DataSource(name: member.key, kind: .url(source), timeoutMs: timeout)
            default:
                problems.report(file, path, "a source has exactly one of \"file\" and \"url\"")
            }
        }
        return table
    }

    /// The authority of an `http(s)://` URL template: from after `://` to the first `/`, `?`
    /// or `#` (a key there would let a client choose the upstream host).
    static func authority(of url: String) -> Substring {
        let rest = url.drop { $0 != ":" }.dropFirst(3)
        return rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }
}
