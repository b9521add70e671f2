/// Page templates: `route`, `maxAge`, `data` entries and the `root` component.
extension SiteLoader {
    private static let pageKeys = ObjectKeys(
        ["route", "maxAge", "staleWhileRevalidate", "staleIfError", "query", "data", "root"], in: "a page")
    private static let entryKeys = ObjectKeys(["source", "key", "params", "required", "timeoutMs"], in: "a data entry")

    /// The page `pages/<name>.json`: its header read here, its root compiled by `compiler`, its
    /// bindings checked against its data entries and the records `places` knows of their sources.
    mutating func compilePage(_ name: String, _ value: JSONValue, _ compiler: inout TemplateCompiler,
                              _ sources: SourceTable, _ places: [String: BindingScope.Place]) -> PageTemplate? {
        let file = "pages/\(name).json"
        guard let page = ConfigObject(value, file: file, path: "$", else: "a page template is an object with \"root\"", &problems)
        else { return nil }
        page.check(Self.pageKeys, &problems)
        var route: Route?
        if let routeValue = page["route"] {
            switch routeValue.stringValue.map(Route.parse) {
            case .success(let parsed)?: route = parsed
            case .failure(let error)?: problems.report(file, "$.route", "invalid route: \(error.message)")
            case nil: problems.report(file, "$.route", "invalid route: expected a string")
            }
        }
        let maxAge = page.int("maxAge", .nonNegative, &problems) ?? 0
        let stale = StaleTimes(whileRevalidate: page.int("staleWhileRevalidate", .nonNegative, &problems),
                               ifError: page.int("staleIfError", .nonNegative, &problems))
        let query = queryNames(page["query"], file)
        let entries = dataEntries(page, route, query, sources)
        guard let rootValue = page["root"] else {
            problems.report(file, "$", "missing \"root\"")
            return nil
        }
        guard case .object(let rootObject) = rootValue, !rootObject.keys.contains(where: { $0.hasPrefix("$") }) else {
            problems.report(file, "$.root", "the root must be a component of type \"page\"")
            return nil
        }
        let scope = Self.bindingScope(page: name, entries: entries, places)
        guard let compiled = compiler.scheduling({ compiler in
            compiler.binding(in: scope) { $0.compileComponent(rootObject, file, "$.root") }
        }) else { return nil }
        let root = compiled.value
        if compiler.catalog[root.type].name != "page" {
            problems.report(file, "$.root.type", "the root must be a component of type \"page\"")
        }
        for duplicate in ComponentIDs.duplicates(in: .component(root)) {
            problems.report(duplicate.site.file, duplicate.site.path, "duplicate component id \"\(duplicate.id)\" on page \"\(name)\"")
        }
        var template = PageTemplate(name: name, route: route, query: query, forwarding: Forwarding(entries: entries, sources: sources),
                                maxAge: maxAge, stale: stale, data: entries, root: root,
                                checksIDs: ComponentIDs.mayRepeat(in: .component(root), catalog: compiler.catalog),
                                edges: compiled.edges)
        placeSections(of: &template, catalog: compiler.catalog, sources: sources)
        return template
    }

    /// `"query": ["q", "page"]`: distinct names of 1 to 64 bytes of `A-Z a-z 0-9 - . _ ~`.
    private mutating func queryNames(_ value: JSONValue?, _ file: String) -> [String] {
        guard let value else { return [] }
        guard let items = value.arrayValue else {
            problems.report(file, "$.query", "expected an array of query parameter names")
            return []
        }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            guard let name = item.stringValue, (1...64).contains(name.utf8.count), name.utf8.allSatisfy(Route.isValueByte) else {
                problems.report(file, "$.query[\(index)]", "expected a name of 1 to 64 characters A-Z a-z 0-9 - . _ ~")
                continue
            }
            if name.hasPrefix("_") {
                problems.report(file, "$.query[\(index)]", "query names starting with _ are reserved for the server (_section, _after)")
            } else if names.contains(name) {
                problems.report(file, "$.query[\(index)]", "query parameter \"\(name)\" is declared twice")
            } else {
                names.append(name)
            }
        }
        return names
    }

    /// The page's `data` entries, each naming a declared source and a key that binds only the
    /// page's parameters.
    private mutating func dataEntries(_ page: ConfigObject, _ route: Route?, _ query: [String], _ sources: SourceTable) -> [DataEntry] {
        guard let data = page.object("data", else: "expected an object of data entries", &problems) else { return [] }
        var params = Set<String>()
        for case .param(let name) in route?.segments ?? [] { params.insert(name) }
        var entries: [DataEntry] = []
        for member in data.members.members {
            let path = data.path(member.key)
            guard let entry = ConfigObject(member.value, file: data.file, path: path,
                                           else: "expected { \"source\", \"key\", \"required\"?, \"timeoutMs\"? }", &problems)
            else { continue }
            entry.check(Self.entryKeys, &problems)
            if member.key == "params" || member.key == "query" {
                problems.report(entry.file, path, "\"\(member.key)\" is reserved for route and query parameters")
            }
            guard let source = entry.string("source", else: "expected a source name", &problems) else { continue }
            if sources.sources[source] == nil { problems.report(entry.file, path.key("source"), "unknown source \"\(source)\"") }
            let key = parameterTemplate("a key", entry["key"], entry.file, path.key("key"), params, query,
                                        else: "expected a key template such as \"{{params.id}}\"")
            let required = entry.bool("required", &problems) ?? false
            let timeout = entry.int("timeoutMs", .positive, &problems)
            var dataEntry = DataEntry(name: member.key, source: source, key: key, required: required, timeoutMs: timeout,
                                      declared: sources.sources[source])
            if let value = entry["params"] {
                dataEntry.params = entryParams(value, dataEntry, entry.file, path.key("params"), params, query)
            }
            entries.append(dataEntry)
        }
        return entries
    }

    /// `"params"` of a data entry (SPEC §10.2): an object of strings, each a template binding
    /// only the page's parameters, passed to a url source.
    private mutating func entryParams(_ value: JSONValue, _ entry: DataEntry, _ file: String, _ path: String,
                                      _ params: Set<String>, _ query: [String]) -> [DataEntry.Param] {
        guard case .url? = entry.kind else {
            problems.report(file, path, "\"params\" are passed to a url source's query string: \"\(entry.source)\" is not one")
            return []
        }
        guard let object = value.objectValue else {
            problems.report(file, path, "expected an object of query parameters, such as { \"limit\": \"20\" }")
            return []
        }
        return object.members.map { member in
            DataEntry.Param(name: member.key, value: parameterTemplate("a param", member.value, file, path.key(member.key), params, query,
                                                                       else: "expected a string template such as \"{{query.cursor}}\""))
        }
    }

    /// A key's or a param's (`what`) template: a string whose bindings name only route and
    /// declared query parameters; `message` reported when it is not a string.
    private mutating func parameterTemplate(_ what: String, _ value: JSONValue?, _ file: String, _ path: String, _ params: Set<String>,
                                            _ query: [String], else message: String) -> [TextPart] {
        switch value?.stringValue.map(Interpolation.parse) {
        case .success(let parts)?:
            for case .binding(let binding) in parts where !Self.bindsParameter(binding, params: params, query: query) {
                problems.report(file, path, "\(what) may only bind route parameters (params.<name> of the route) "
                    + "and declared query parameters (query.<name>), not \"\(binding)\"")
            }
            return parts
        case .failure(let error)?:
            problems.report(file, path, error.message)
        case nil:
            problems.report(file, path, message)
        }
        return []
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
