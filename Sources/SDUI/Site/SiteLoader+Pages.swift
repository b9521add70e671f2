/// Page templates: `route`, `maxAge`, `data` entries and the `root` component.
extension SiteLoader {
    private static let pageKeys: Set<String> = ["route", "maxAge", "query", "data", "root"]
    private static let entryKeys: Set<String> = ["source", "key", "required", "timeoutMs"]

    func compilePage(_ name: String, _ value: JSONValue, _ compiler: inout TemplateCompiler, _ sources: SourceTable) -> PageTemplate? {
        let file = "pages/\(name).json"
        guard let object = value.objectValue else {
            compiler.problems.add(file, "$", "a page template is an object with \"root\"")
            return nil
        }
        for key in object.keys where !Self.pageKeys.contains(key) {
            compiler.problems.add(file, "$".key(key), "unknown key \"\(key)\" in a page (route, maxAge, query, data, root)")
        }
        var route: Route?
        if let routeValue = object["route"] {
            switch routeValue.stringValue.map(Route.parse) {
            case .success(let parsed)?: route = parsed
            case .failure(let error)?: compiler.problems.add(file, "$.route", "invalid route: \(error.message)")
            case nil: compiler.problems.add(file, "$.route", "invalid route: expected a string")
            }
        }
        let maxAge = SourceTable.positiveInt(object["maxAge"], "$.maxAge", &compiler.problems, allowZero: true, file: file) ?? 0
        let query = queryNames(object["query"], file, &compiler.problems)
        let entries = dataEntries(object["data"], file, route, query, &compiler.problems, sources)
        guard let rootValue = object["root"] else {
            compiler.problems.add(file, "$", "missing \"root\"")
            return nil
        }
        guard case .object(let rootObject) = rootValue, !rootObject.keys.contains(where: { $0.hasPrefix("$") }) else {
            compiler.problems.add(file, "$.root", "the root must be a component of type \"page\"")
            return nil
        }
        compiler.scheduleEdges = []
        guard let root = compiler.compileComponent(rootObject, file, "$.root") else { return nil }
        if compiler.catalog[root.type].name != "page" {
            compiler.problems.add(file, "$.root.type", "the root must be a component of type \"page\"")
        }
        for duplicate in ComponentIDs.duplicates(in: .component(root)) {
            compiler.problems.add(duplicate.site.file, duplicate.site.path, "duplicate component id \"\(duplicate.id)\" on page \"\(name)\"")
        }
        return PageTemplate(name: name, route: route, query: query, forwarding: Forwarding(entries: entries, sources: sources),
                            maxAge: maxAge, data: entries, root: root,
                            checksIDs: ComponentIDs.mayRepeat(in: .component(root), catalog: compiler.catalog),
                            edges: compiler.scheduleEdges.sorted())
    }

    /// `"query": ["q", "page"]`: distinct names of 1 to 64 bytes of `A-Z a-z 0-9 - . _ ~`.
    private func queryNames(_ value: JSONValue?, _ file: String, _ problems: inout ProblemList) -> [String] {
        guard let value else { return [] }
        guard let items = value.arrayValue else {
            problems.add(file, "$.query", "expected an array of query parameter names")
            return []
        }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            guard let name = item.stringValue, (1...64).contains(name.utf8.count), name.utf8.allSatisfy(Route.isValueByte) else {
                problems.add(file, "$.query[\(index)]", "expected a name of 1 to 64 characters A-Z a-z 0-9 - . _ ~")
                continue
            }
            if names.contains(name) {
                problems.add(file, "$.query[\(index)]", "query parameter \"\(name)\" is declared twice")
            } else {
                names.append(name)
            }
        }
        return names
    }

    private func dataEntries(_ value: JSONValue?, _ file: String, _ route: Route?, _ query: [String],
                             _ problems: inout ProblemList, _ sources: SourceTable) -> [DataEntry] {
        guard let value else { return [] }
        guard let object = value.objectValue else {
            problems.add(file, "$.data", "expected an object of data entries")
            return []
        }
        var params = Set<String>()
        for case .param(let name) in route?.segments ?? [] { params.insert(name) }
        var entries: [DataEntry] = []
        for member in object.members {
            let path = "$.data".key(member.key)
            guard let def = member.value.objectValue else {
                problems.add(file, path, "expected { \"source\", \"key\", \"required\"?, \"timeoutMs\"? }")
                continue
            }
            for key in def.keys where !Self.entryKeys.contains(key) {
                problems.add(file, path.key(key), "unknown key \"\(key)\" in a data entry (source, key, required, timeoutMs)")
            }
            if member.key == "params" || member.key == "query" {
                problems.add(file, path, "\"\(member.key)\" is reserved for route and query parameters")
            }
            guard let source = def["source"]?.stringValue else {
                problems.add(file, path.key("source"), "expected a source name")
                continue
            }
            if sources.sources[source] == nil { problems.add(file, path.key("source"), "unknown source \"\(source)\"") }
            var key: [TextPart] = []
            switch def["key"]?.stringValue.map(Interpolation.parse) {
            case .success(let parts)?:
                key = parts
                for case .binding(let binding) in parts where !Self.bindsParameter(binding, params: params, query: query) {
                    problems.add(file, path.key("key"), "a key may only bind route parameters (params.<name> of the route) "
                        + "and declared query parameters (query.<name>), not \"\(binding)\"")
                }
            case .failure(let error)?: problems.add(file, path.key("key"), error.message)
            case nil: problems.add(file, path.key("key"), "expected a key template such as \"{{params.id}}\"")
            }
            var required = false
            if let flag = def["required"] {
                if let bool = flag.boolValue { required = bool } else { problems.add(file, path.key("required"), "expected true or false") }
            }
            let timeout = SourceTable.positiveInt(def["timeoutMs"], path.key("timeoutMs"), &problems, allowZero: false, file: file)
            entries.append(DataEntry(name: member.key, source: source, key: key, required: required, timeoutMs: timeout,
                                     declared: sources.sources[source]))
        }
        return entries
    }

    /// Whether a key binding names a route parameter of the route or a declared query parameter.
    private static func bindsParameter(_ binding: BindingPath, params: Set<String>, query: [String]) -> Bool {
        guard binding.segments.count == 2 else { return false }
        switch binding.root {
        case "params": return params.contains(binding.segments[1])
        case "query": return query.contains(binding.segments[1])
        default: return false
        }
    }
}
