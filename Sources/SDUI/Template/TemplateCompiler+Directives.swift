/// `$include`, `$each`, `$if` and `$variant`: objects with a `$` key standing where a value or
/// a component would.
///
/// A fragment file (`fragments/<name>.json`) holds one template value: a component object
/// (or a directive), or an array of them whose elements are spliced into the enclosing array.
extension TemplateCompiler {
    mutating func compileDirective(_ object: JSONObject, _ file: String, _ path: String, _ context: Context) -> TemplateNode? {
        let directives = object.keys.filter { $0.hasPrefix("$") }
        guard directives.count == 1, let directive = directives.first else {
            report(file, path, "an object holds one directive, found \(directives.joined(separator: ", "))")
            return nil
        }
        let directivePath = path.key(directive)
        switch directive {
        case "$include":
            guard allowOnly([], in: object, directive, file, path) else { return nil }
            return compileInclude(object[directive]!, file, directivePath, context)
        case "$each":
            let allowed = allowOnly(["as", "template"] + Self.pagingKeys, in: object, directive, file, path)
            let binding = bindingPath(object[directive]!, file, directivePath)
            guard let variable = object["as"]?.stringValue, BindingPath(variable)?.segments.count == 1 else {
                report(file, path.key("as"), "$each needs \"as\": a variable name")
                return nil
            }
            guard let template = object["template"] else {
                report(file, path, "$each needs a \"template\"")
                return nil
            }
            guard allowed, let binding,
                  let node = iterating(item: variable, over: binding, {
                      $0.enclosed({ $0.inEach = true }) { $0.compile(template, file, path.key("template"), context) }
                  })
            else { return nil }
            if Self.isPaged(object) {
                return compilePagedList(object, items: binding, variable: variable, template: node, file, path)
            }
            return .each(binding, variable: variable, template: node)
        case "$if":
            let allowed = allowOnly(["then", "else"], in: object, directive, file, path)
            let binding = bindingPath(object[directive]!, file, directivePath)
            guard object["then"] != nil || object["else"] != nil else {
                report(file, path, "$if needs \"then\" or \"else\"")
                return nil
            }
            let then = object["then"].flatMap { compile($0, file, path.key("then"), context) }
            let otherwise = object["else"].flatMap { compile($0, file, path.key("else"), context) }
            guard allowed, let binding else { return nil }
            return .conditional(binding, then: then, else: otherwise)
        case "$variant":
            guard let experiment = object[directive]!.stringValue, !experiment.isEmpty else {
                report(file, directivePath, "$variant names an experiment (a non-empty string)")
                return nil
            }
            var branches: [VariantBranch] = []
            for member in object.members where member.key != directive {
                if let node = compile(member.value, file, path.key(member.key), context) {
                    branches.append(VariantBranch(name: member.key, node: node))
                }
            }
            guard object.count > 1 else {
                report(file, path, "$variant needs at least one variant")
                return nil
            }
            used(VariantUse(file: file, path: path, experiment: experiment, branches: object.keys.filter { $0 != directive }))
            return branches.isEmpty ? nil : .variant(experiment: experiment, branches: branches)
        case "$t", "$format":
            return compileLocalized(object, directive, file, path, context)
        case "$section":
            return compileSection(object, file, path, context)
        default:
            report(file, directivePath, "unknown directive \"\(directive)\" ($include, $each, $if, $variant, $section, $t, $format)")
            return nil
        }
    }

    private mutating func compileInclude(_ value: JSONValue, _ file: String, _ path: String, _ context: Context) -> TemplateNode? {
        guard let name = value.stringValue, !name.isEmpty, !name.contains("/") else {
            report(file, path, "$include names a fragment (fragments/<name>.json)")
            return nil
        }
        return entering(fragment: name, from: file, path) { compiler in
            guard let fragment = compiler.fragments[name] else {
                compiler.report(file, path, "unknown fragment \"\(name)\" (no fragments/\(name).json)")
                return nil
            }
            let fragmentFile = "fragments/\(name).json"
            if case .array(let elements) = fragment {
                var nodes: [TemplateNode] = []
                for (i, element) in elements.enumerated() {
                    if let node = compiler.compile(element, fragmentFile, "$".index(i), context) { nodes.append(node) }
                }
                return .splice(nodes)
            }
            return compiler.compile(fragment, fragmentFile, "$", context)
        }
    }

    /// A binding path given as `a.b` or `{{a.b}}`.
    private mutating func bindingPath(_ value: JSONValue, _ file: String, _ path: String) -> BindingPath? {
        guard var text = value.stringValue else {
            report(file, path, "expected a binding path such as \"product.related\"")
            return nil
        }
        if text.hasPrefix("{{") && text.hasSuffix("}}") && text.count >= 4 { text = String(text.dropFirst(2).dropLast(2)) }
        guard let binding = BindingPath(text) else {
            report(file, path, "invalid binding path \"\(text)\"")
            return nil
        }
        bound(binding, written: text, file, path)
        return binding
    }

    /// Whether `object` holds only its directive and `keys`, reporting every other key.
    mutating func allowOnly(_ keys: [String], in object: JSONObject, _ directive: String, _ file: String, _ path: String) -> Bool {
        ConfigObject(object, file: file, path: path).check(ObjectKeys([directive] + keys, in: directive, listing: .none), &self)
    }
}
