/// Page templates: `route`, `maxAge`, `data` entries and the `root` component.
extension SiteLoader {
    private static let pageKeys: Set<String> = ["route", "maxAge", "data", "root"]
    private static let entryKeys: Set<String> = ["source", "key", "required", "timeoutMs"]

    func compilePage(_ name: String, _ value: JSONValue, _ compiler: inout TemplateCompiler, _ sources: SourceTable) -> PageTemplate? {
        let file = "pages/\(name).json"
        guard let object = value.objectValue else {
            compiler.problems.add(file, "$", "a page template is an object with \"root\"")
            return nil
        }
        for key in object.keys where !Self.pageKeys.contains(key) {
            compiler.problems.add(file, "$".key(key), "unknown key \"\(key)\" in a page (route, maxAge, data, root)")
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
        let entries = dataEntries(object["data"], file, route, &compiler.problems, sources)
        guard let rootValue = object["root"] else {
            compiler.problems.add(file, "$", "missing \"root\"")
            return nil
        }
        guard case .object(let rootObject) = rootValue, !rootObject.keys.contains(where: { $0.hasPrefix("$") }) else {
            compiler.problems.add(file, "$.root", "the root must be a component of type \"page\"")
            return nil
        }
        guard let root = compiler.compileComponent(rootObject, file, "$.root") else { return nil }
        if compiler.catalog[root.type].name != "page" {
            compiler.problems.add(file, "$.root.type", "the root must be a component of type \"page\"")
        }
        for duplicate in ComponentIDs.duplicates(in: .component(root)) {
            compiler.problems.add(duplicate.site.file, duplicate.site.path, "duplicate component id \"\(duplicate.id)\" on page \"\(name)\"")
        }
        return PageTemplate(name: name, route: route, maxAge: maxAge, data: entries, root: root,
                            checksIDs: ComponentIDs.mayRepeat(in: .component(root), catalog: compiler.catalog))
    }

    private func dataEntries(_ value: JSONValue?, _ file: String, _ route: Route?, _ problems: inout ProblemList, _ sources: SourceTable) -> [DataEntry] {
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
            if member.key == "params" { problems.add(file, path, "\"params\" is reserved for route parameters") }
            guard let source = def["source"]?.stringValue else {
                problems.add(file, path.key("source"), "expected a source name")
                continue
            }
            if sources.sources[source] == nil { problems.add(file, path.key("source"), "unknown source \"\(source)\"") }
            var key: [TextPart] = []
            switch def["key"]?.stringValue.map(Interpolation.parse) {
            case .success(let parts)?:
                key = parts
                for case .binding(let binding) in parts where binding.root != "params" || binding.segments.count != 2 || !params.contains(binding.segments[1]) {
                    problems.add(file, path.key("key"), "a key may only bind route parameters (params.<name> of the route), not \"\(binding)\"")
                }
            case .failure(let error)?: problems.add(file, path.key("key"), error.message)
            case nil: problems.add(file, path.key("key"), "expected a key template such as \"{{params.id}}\"")
            }
            var required = false
            if let flag = def["required"] {
                if let bool = flag.boolValue { required = bool } else { problems.add(file, path.key("required"), "expected true or false") }
            }
            let timeout = SourceTable.positiveInt(def["timeoutMs"], path.key("timeoutMs"), &problems, allowZero: false, file: file)
            entries.append(DataEntry(name: member.key, source: source, key: key, required: required, timeoutMs: timeout))
        }
        return entries
    }
}
