/// Compiles template JSON (pages, fragments, fallbacks) into `TemplateNode`s once per Pages
/// version, recording every problem with its file and JSON path.
///
/// Where a component is expected (the root, the elements of a slot, and what directives there
/// produce), an object without a `$` key is a component; elsewhere it is plain data.
struct TemplateCompiler {
    /// Whether an object at this position is a component or plain data.
    enum Context { case value, component }

    let catalog: Catalog
    /// Fragment name to its parsed file.
    let fragments: [String: JSONValue]
    var problems: ProblemList
    /// Fragments being expanded, innermost last (cycle detection).
    var includeStack: [String] = []
    /// Every `$variant` compiled, for the check against rollout.json's experiments.
    var variantUses: [VariantUse] = []
    /// Every `$t` key and `$format` compiled, for the check against strings/ (SPEC §7.1).
    var localeUses: [LocaleUse] = []
    /// The `activeFrom`/`activeUntil` instants compiled since last reset (a page's schedule).
    var scheduleEdges: [Double] = []
    /// Every literal component id compiled, numbered in order of first sight: assembly marks
    /// the ones it has served in a table of bits instead of hashing them into a set.
    var literalIDs: [String: Int] = [:]

    /// Where a `$variant` names an experiment, and the variants it has branches for.
    struct VariantUse {
        let file: String
        let path: String
        let experiment: String
        let branches: [String]
    }

    static let componentKeys: Set<String> = ["id", "type", "data", "fallback", "required"]

    /// Compiles any template value at `file:path`; nil when it can't be compiled.
    mutating func compile(_ value: JSONValue, _ file: String, _ path: String, _ context: Context) -> TemplateNode? {
        switch value {
        case .string(let text):
            if context == .component {
                problems.add(file, path, "expected a component object, found a string")
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
                if let node = compile(member.value, file, path.key(member.key), .value) {
                    members.append(TemplateMember(key: member.key, node: node))
                }
            }
            if members.allSatisfy({ $0.node.literalValue != nil }) {
                return .literal(.object(JSONObject(members.map { .init(key: $0.key, value: $0.node.literalValue!) })))
            }
            return .object(members)
        default:
            if context == .component {
                problems.add(file, path, "expected a component object, found \(value.kindName)")
                return nil
            }
            return .literal(value)
        }
    }

    /// A string: literal, a whole-value binding, or text with interpolations.
    mutating func compileString(_ text: String, _ file: String, _ path: String) -> TemplateNode? {
        switch Interpolation.parse(text) {
        case .failure(let error):
            problems.add(file, path, error.message)
            return nil
        case .success(let parts):
            if parts.count == 1, case .binding(let binding) = parts[0] { return .binding(binding) }
            if parts.allSatisfy({ if case .literal = $0 { true } else { false } }) { return .literal(.string(text)) }
            return .text(parts)
        }
    }
}

/// Where a template piece was written, for problems found after compilation.
struct SourceSite: Sendable, Hashable {
    let file: String
    let path: String
}
