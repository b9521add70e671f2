/// What a page's bindings are checked against (SPEC §13): the records of each data source whose
/// values are known before a request, a `file` source's file or a `url` source's `sample`.
extension SiteLoader {
    /// Source name to its records' shape. A source with no records (an empty file, a `url`
    /// source without a sample) is left out: there is nothing to check its paths against.
    func recordPlaces(_ sources: SourceTable) -> [String: BindingScope.Place] {
        var places: [String: BindingScope.Place] = [:]
        for (name, source) in sources.sources {
            let file: String? = switch source.kind {
            case .file(let path): path
            case .url: sources.samples[name]
            }
            guard let file, let records = parsed[file]?.objectValue, !records.members.isEmpty else { continue }
            places[name] = BindingScope.Place(shape: RecordShape(records.members.map(\.value)), file: file, prefix: [])
        }
        return places
    }

    /// The scope of page `name` (`pages/<name>.json`): its data `entries`, each with its
    /// source's records when `places` has them.
    static func bindingScope(page name: String, entries: [DataEntry], _ places: [String: BindingScope.Place]) -> BindingScope {
        let named = Dictionary(entries.map { ($0.name, places[$0.source]) }, uniquingKeysWith: { first, _ in first })
        return BindingScope(page: name, file: "pages/\(name).json", entries: named)
    }
}
