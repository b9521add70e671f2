/// Template values: strings, arrays and objects, each a literal when nothing in it is bound.
extension TemplateCompiler {
    /// Compiles any template value at `file:path`; nil when it can't be compiled.
    mutating func compile(_ value: JSONValue, _ file: String, _ path: String, _ context: Context) -> TemplateNode? {
        switch value {
        case .string(let text):
            if context == .component {
                report(file, path, "expected a component object, found a string")
                return nil
            }
            return compileString(text, file, path)
        case .array(let elements):
            var nodes: [TemplateNode] = []
            for (i, element) in elements.enumerated() {
                if let node = compile(element, file, path.index(i), context) { nodes.append(node) }
            }
            if context == .value, nodes.allSatisfy({ $0.literalValue != nil }) {
                return .literal(.array(nodes.compactMap(\.literalValue)))
            }
            return .array(nodes)
        case .object(let object):
            if let window = scheduleKeys(object, context) {
                return compileScheduled(object, window, file, path, context)
            }
            if object.keys.contains(where: { $0.hasPrefix("$") }) {
                return compileDirective(object, file, path, context)
            }
            if context == .component {
                return compileComponent(object, file, path).map(TemplateNode.component)
            }
            var members: [TemplateMember] = []
            for member in object.members {
                // An action's own `fallback` binds the action's fields (SPEC §7.4), not the page's.
                let compiled = { (compiler: inout Self) in compiler.compile(member.value, file, path.key(member.key), .value) }
                if let node = member.key == "fallback" && inActionField ? unscoped(compiled) : compiled(&self) {
                    members.append(TemplateMember(key: member.key, node: node))
                }
            }
            if members.allSatisfy({ $0.node.literalValue != nil }) {
                return .literal(.object(JSONObject(members.map { .init(key: $0.key, value: $0.node.literalValue!) })))
            }
            return .object(members)
        default:
            if context == .component {
                report(file, path, "expected a component object, found \(value.kindName)")
                return nil
            }
            return .literal(value)
        }
    }

    /// A string: literal, a whole-value binding, or text with interpolations.
    mutating func compileString(_ text: String, _ file: String, _ path: String) -> TemplateNode? {
        switch Interpolation.parse(text) {
        case .failure(let error):
            report(file, path, error.message)
            return nil
        case .success(let parts):
            for case .binding(let binding) in parts {
                if binding.root == SectionLoad.root { checkSectionLoad(binding, file, path) }
                if binding.root == MoreLoad.root { checkMoreLoad(binding, file, path) }
                bound(binding, written: "{{\(binding)}}", file, path)
            }
            if parts.count == 1, case .binding(let binding) = parts[0] { return .binding(binding) }
            if parts.allSatisfy({ if case .literal = $0 { true } else { false } }) { return .literal(.string(text)) }
            return .text(parts)
        }
    }
}
