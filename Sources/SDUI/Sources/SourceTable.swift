/// The data sources of one Pages version (`sources.json`) and the embedded values of its
/// file sources, ready for lookups by id.
struct SourceTable: Sendable {
    static let file = "sources.json"
    /// The keys a `file` source may have.
    private static let fileKeys = ObjectKeys(["file", "timeoutMs", "ttlSeconds"], in: "a source")

    var sources: [String: DataSource] = [:]
    /// File source name to its values by key.
    var fileValues: [String: [String: JSONValue]] = [:]
    /// `url` source name to its valid `sample` file (`data/related.sample.json`, SPEC §13):
    /// records shaped as the source's answers, that bindings are checked against at load.
    var samples: [String: String] = [:]

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
                guard let dataPath = dataPath(fileValue, path.key("file"), &problems) else { continue }
                table.sources[member.key] = DataSource(name: member.key, kind: .file(path: dataPath), timeoutMs: timeout)
                guard let object = records(dataPath, dataFiles, path.key("file"), &problems) else { continue }
                var values: [String: JSONValue] = [:]
                for entry in object.members { values[entry.key] = entry.value }
                table.fileValues[member.key] = values
            case (nil, .some):
                guard let source = upstreamSource(def, ttl: ttl, &problems) else { continue }
                table.sources[member.key] = DataSource(name: member.key, kind: .url(source), timeoutMs: timeout)
                if let sample = def["sample"], let samplePath = dataPath(sample, path.key("sample"), &problems),
                   records(samplePath, dataFiles, path.key("sample"), &problems) != nil {
                    table.samples[member.key] = samplePath
                }
            default:
                problems.report(file, path, "a source has exactly one of \"file\" and \"url\"")
            }
        }
        return table
    }

    /// A `data/<name>.json` path (a `file` source's, a `sample`); nil, reported at `path`, for another value.
    private static func dataPath(_ value: JSONValue, _ path: String, _ problems: inout ProblemList) -> String? {
        guard let dataPath = value.stringValue, dataPath.hasPrefix("data/"), dataPath.hasSuffix(".json") else {
            problems.report(file, path, "expected a path like \"data/products.json\"")
            return nil
        }
        return dataPath
    }

    /// The records of the data file `dataPath`, named at `path`: a JSON object keyed by id; nil
    /// (reported) when the file is missing or holds something else.
    private static func records(_ dataPath: String, _ dataFiles: [String: JSONValue], _ path: String,
                                _ problems: inout ProblemList) -> JSONObject? {
        guard let data = dataFiles[dataPath] else {
            problems.report(file, path, "missing file \"\(dataPath)\"")
            return nil
        }
        guard let object = data.objectValue else {
            problems.report(dataPath, "$", "a file source or sample holds a JSON object keyed by id")
            return nil
        }
        return object
    }

    /// The authority of an `http(s)://` URL template: from after `://` to the first `/`, `?`
    /// or `#` (a key there would let a client choose the upstream host).
    static func authority(of url: String) -> Substring {
        let rest = url.drop { $0 != ":" }.dropFirst(3)
        return rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }
}
