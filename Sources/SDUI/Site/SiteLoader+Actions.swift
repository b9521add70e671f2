/// `actions/<name>.json` (SPEC §11): the input fields, the backend call, what a success drops
/// and renders anew, and the ops answered, each checked with its `file:path`.
extension SiteLoader {
    private static let actionKeys = ObjectKeys(["input", "upstream", "invalidates", "refresh", "then", "onError"], in: "an action")
    private static let upstreamKeys = ObjectKeys(["url", "method", "forwardHeaders", "timeoutMs"], in: "an action's upstream")
    private static let ruleKeys = ObjectKeys(["type", "values", "required", "min", "max", "maxLength"], in: "an input field")
    private static let opKeys = ObjectKeys(["op", "target", "component", "url"], in: "an op")

    /// Every action file compiled by `compiler` (its components checked against the catalog,
    /// its bindings against `result`, its declared `input` fields and `params`), by name.
    mutating func compileActions(_ compiler: inout TemplateCompiler, _ sources: SourceTable,
                                 _ templates: [String: PageTemplate]) -> [String: ServerAction] {
        let sectionNames = Set(templates.values.flatMap { $0.sections.map(\.section.name) })
        var actions: [String: ServerAction] = [:]
        for path in parsed.keys.sorted() where path.hasPrefix("actions/") {
            guard let name = Self.name(path, in: "actions/"), SectionTemplate.isName(name) else {
                problems.report(path, "$", "an action file is actions/<name>.json, the name 1 to 64 of a-z 0-9 -")
                continue
            }
            // The names `input` declares, whether or not each rule is well formed (a bad rule is
            // reported once, not again at every binding of its field); nil when it isn't an object.
            let value = parsed[path]!
            let input = value.objectValue?["input"]
            let inputs: Set<String>? = input == nil ? [] : input?.objectValue.map { Set($0.keys) }
            let scope = BindingScope(action: name, file: path, inputs: inputs)
            let action = compiler.binding(in: scope) { compiler in
                compileAction(name, value, path, &compiler, sources, sectionNames)
            }
            if let action { actions[name] = action }
        }
        return actions
    }

    private mutating func compileAction(_ name: String, _ value: JSONValue, _ file: String, _ compiler: inout TemplateCompiler,
                                        _ sources: SourceTable, _ sectionNames: Set<String>) -> ServerAction? {
        guard let object = ConfigObject(value, file: file, path: "$", else: "an action is an object with \"upstream\"", &problems)
        else { return nil }
        object.check(Self.actionKeys, &problems)
        let input = inputRules(object)
        guard let upstreamObject = object.object("upstream", else: "expected { \"url\", \"method\"?, \"forwardHeaders\"?, \"timeoutMs\"? }",
                                                 &problems)
        else {
            if object["upstream"] == nil { problems.report(file, "$", "missing \"upstream\"") }
            return nil
        }
        let upstream = actionUpstream(upstreamObject, declared: Set(input.map(\.name)))
        let invalidates = object.strings("invalidates", &problems)
        for (index, source) in invalidates.enumerated() {
            switch sources.sources[source]?.kind {
            case nil: problems.report(file, "$.invalidates".index(index), "unknown source \"\(source)\"")
            case .file?: problems.report(file, "$.invalidates".index(index), "\"\(source)\" is a file source: it has no cached values to drop")
            case .url?: break
            }
        }
        let refresh = object.strings("refresh", &problems)
        for (index, section) in refresh.enumerated() where !sectionNames.contains(section) {
            warnings.report(file, "$.refresh".index(index), "warning: no page has a section \"\(section)\"")
        }
        let then = ops(object["then"], file, "$.then", &compiler)
        var onError: [Int: [ActionOp]] = [:]
        if let errors = object.object("onError", else: "expected an object of ops by backend status (\"409\": [...])", &problems) {
            for member in errors.members.members {
                guard let status = Int(member.key), (400...499).contains(status), String(status) == member.key else {
                    problems.report(file, errors.path(member.key), "expected a backend 4xx status (400 to 499)")
                    continue
                }
                onError[status] = ops(member.value, file, errors.path(member.key), &compiler)
            }
        }
        guard let upstream else { return nil }
        return ServerAction(name: name, input: input, upstream: upstream, invalidates: invalidates, refresh: refresh,
                            then: then, onError: onError)
    }

    /// `"input": { "<name>": { "type", "required"?, "min"?, "max"?, "maxLength"?, "values"? } }`.
    private mutating func inputRules(_ action: ConfigObject) -> [InputRule] {
        guard let input = action.object("input", else: "expected an object of input fields", &problems) else { return [] }
        var rules: [InputRule] = []
        for member in input.members.members {
            let path = input.path(member.key)
            guard let field = ConfigObject(member.value, file: input.file, path: path,
                                           else: "expected an input field { \"type\", \"required\"?, \"min\"?, \"max\"?, \"maxLength\"? }",
                                           &problems)
            else { continue }
            field.check(Self.ruleKeys, &problems)
            let values = field.strings("values", &problems)
            guard let typeName = field["type"]?.stringValue, let type = FieldType(name: typeName, values: values) else {
                problems.report(input.file, path.key("type"), "expected a field type (\(FieldType.names.joined(separator: ", ")))")
                continue
            }
            if case .oneOf = type, values.isEmpty {
                problems.report(input.file, path.key("values"), "an enum needs \"values\": a non-empty array of strings")
            } else if field["values"] != nil, typeName != "enum" {
                problems.report(input.file, path.key("values"), "\"values\" belongs to \"type\": \"enum\"")
            }
            let numeric = type == .number || type == .integer
            let min = bound(field, "min", numeric: numeric), max = bound(field, "max", numeric: numeric)
            if let min, let max, min > max { problems.report(input.file, path.key("max"), "\"max\" is below \"min\"") }
            if field["maxLength"] != nil, !type.admitsStrings {
                problems.report(input.file, path.key("maxLength"), "\"maxLength\" belongs to a string-typed field")
            }
            rules.append(InputRule(name: member.key, type: type, required: field.bool("required", &problems) ?? false,
                                   min: min, max: max,
                                   maxLength: field.int("maxLength", .positive, &problems) ?? InputRule.defaultMaxLength))
        }
        return rules
    }

    /// `min` or `max` of a field: a number, on a `number` or `integer` field only.
    private mutating func bound(_ field: ConfigObject, _ key: String, numeric: Bool) -> Double? {
        guard let value = field[key] else { return nil }
        guard numeric else {
            problems.report(field.file, field.path(key), "\"\(key)\" belongs to a number or integer field")
            return nil
        }
        guard case .number(let text) = value, let number = Double(text) else {
            problems.report(field.file, field.path(key), "expected a number")
            return nil
        }
        return number
    }

    /// `"upstream"`: an http(s) URL whose path segments may bind declared input fields, the
    /// method, forwarded headers and the timeout.
    private mutating func actionUpstream(_ object: ConfigObject, declared: Set<String>) -> ActionUpstream? {
        object.check(Self.upstreamKeys, &problems)
        let method = object["method"].map { $0.stringValue ?? "" } ?? "POST"
        if !ActionUpstream.methods.contains(method) {
            problems.report(object.file, object.path("method"), "expected one of \(ActionUpstream.methods.joined(separator: ", "))")
        }
        let forwarded = object["forwardHeaders"].map { SourceTable.forwardHeaders($0, object.file, object.path("forwardHeaders"), &problems) }
        let timeout = object.int("timeoutMs", .positive, &problems) ?? 2000
        guard let text = object.string("url", else: "expected an http(s) URL", &problems) else { return nil }
        guard text.hasPrefix("http://") || text.hasPrefix("https://"), !SourceTable.authority(of: text).isEmpty else {
            problems.report(object.file, object.path("url"), "expected an http(s) URL")
            return nil
        }
        let parts: [TextPart]
        switch Interpolation.parse(text) {
        case .success(let parsed): parts = parsed
        case .failure(let error):
            problems.report(object.file, object.path("url"), error.message)
            return nil
        }
        var before = ""
        for part in parts {
            switch part {
            case .literal(let literal): before += literal
            case .binding(let path):
                let inPath = SourceTable.authority(of: before).endIndex < before.endIndex && !before.contains("?") && !before.contains("#")
                guard path.root == "input", path.segments.count == 2, declared.contains(path.segments[1]), inPath else {
                    problems.report(object.file, object.path("url"),
                                    "\"{{\(path)}}\": the URL may bind declared input fields ({{input.<name>}}) in its path only")
                    return nil
                }
            }
        }
        return ActionUpstream(url: parts, method: method, forwardHeaders: forwarded ?? [], timeoutMs: timeout)
    }

    /// An array of ops: `replace` (target, component), `remove` (target), `toast` (component),
    /// `navigate` (url).
    private mutating func ops(_ value: JSONValue?, _ file: String, _ path: String, _ compiler: inout TemplateCompiler) -> [ActionOp] {
        guard let value else { return [] }
        guard let items = value.arrayValue else {
            problems.report(file, path, "expected an array of ops")
            return []
        }
        var ops: [ActionOp] = []
        for (index, item) in items.enumerated() {
            let opPath = path.index(index)
            guard let object = ConfigObject(item, file: file, path: opPath, else: "expected an op { \"op\", … }", &problems) else { continue }
            object.check(Self.opKeys, &problems)
            guard let name = object["op"]?.stringValue, ActionOp.names.contains(name) else {
                problems.report(file, opPath.key("op"), "expected one of \(ActionOp.names.joined(separator: ", "))")
                continue
            }
            let wanted: Set<String> = switch name {
            case "replace": ["target", "component"]
            case "remove": ["target"]
            case "toast": ["component"]
            default: ["url"]
            }
            var complete = true
            for key in ["target", "component", "url"] {
                if wanted.contains(key), object[key] == nil {
                    problems.report(file, opPath, "a \(name) op needs \"\(key)\"")
                    complete = false
                } else if !wanted.contains(key), object[key] != nil {
                    problems.report(file, opPath.key(key), "a \(name) op has no \"\(key)\"")
                }
            }
            guard complete else { continue }
            func text(_ key: String) -> TemplateNode? {
                guard let string = object[key]?.stringValue else {
                    problems.report(file, opPath.key(key), "expected a string")
                    return nil
                }
                return compiler.compileString(string, file, opPath.key(key))
            }
            func component() -> TemplateNode? { compiler.compile(object["component"]!, file, opPath.key("component"), .component) }
            let op: ActionOp? = switch name {
            case "replace": text("target").flatMap { target in component().map { ActionOp.replace(target: target, component: $0) } }
            case "remove": text("target").map { ActionOp.remove(target: $0) }
            case "toast": component().map { ActionOp.toast(component: $0) }
            default: text("url").map { ActionOp.navigate(url: $0) }
            }
            if let op { ops.append(op) }
        }
        return ops
    }
}
