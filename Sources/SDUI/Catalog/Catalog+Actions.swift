/// Reading `catalog.json`'s `actions`: `required`, `since`, `disabled` and `fallback` (compiled
/// afterwards, as component fallbacks are, and checked for cycles).
extension Catalog {
    private static let actionKeys = ObjectKeys(["required", "since", "disabled", "fallback"], in: "an action type")

    /// The action types of `root["actions"]`, or an undeclared catalog when absent.
    static func readActions(_ root: JSONValue, problems: inout ProblemList) -> ActionCatalog {
        guard let value = root["actions"] else { return ActionCatalog() }
        var actions = ActionCatalog(declared: true)
        guard let object = value.objectValue else {
            problems.report(file, "$.actions", "expected an object of action types")
            return actions
        }
        for member in object.members {
            let path = "$.actions".key(member.key)
            guard let def = ConfigObject(member.value, file: file, path: path, else: "expected an object describing the action type",
                                         &problems)
            else { continue }
            def.check(actionKeys, &problems)
            actions.indexByName[member.key] = actions.types.count
            actions.types.append(ActionType(
                name: member.key, required: def.strings("required", &problems),
                since: def["since"].map { versionTable($0, path.key("since"), &problems) },
                disabled: def["disabled"].map { DisabledVersions.read($0, file, path.key("disabled"), &problems) },
                fallback: nil))
        }
        return actions
    }

    /// Compiles each action fallback (an object whose literal `type` is a declared action) and
    /// reports chains that come back to their start.
    mutating func compileActionFallbacks(_ root: JSONValue?, _ compiler: inout TemplateCompiler) {
        guard let object = root?["actions"]?.objectValue else { return }
        for (index, action) in actions.types.enumerated() {
            guard let value = object[action.name]?["fallback"], value != .null else { continue }
            let path = "$.actions".key(action.name).key("fallback")
            guard let name = value["type"]?.stringValue else {
                compiler.report(Self.file, path, "an action fallback is an object with a literal \"type\", or null")
                continue
            }
            guard actions.index(of: name) != nil else {
                compiler.report(Self.file, path.key("type"), "unknown action type \"\(name)\"")
                continue
            }
            actions.types[index].fallback = compiler.compile(value, Self.file, path, .value).map(TemplateCompiler.actionNode)
        }
        for (index, action) in actions.types.enumerated() {
            var chain = [index]
            var next = fallbackType(of: action)
            while let current = next, !chain.dropFirst().contains(current) {
                if current == index {
                    let names = (chain + [current]).map { actions[$0].name }
                    compiler.report(Self.file, "$.actions".key(action.name).key("fallback"),
                                          "fallback cycle: \(names.joined(separator: " → "))")
                    break
                }
                chain.append(current)
                next = fallbackType(of: actions[current])
            }
        }
    }

    /// The action type a fallback template names.
    private func fallbackType(of action: ActionType) -> Int? {
        guard case .literal(let value, _)? = action.fallback.flatMap(Self.typeNode) else { return nil }
        return value.stringValue.flatMap(actions.index(of:))
    }

    private static func typeNode(_ node: TemplateNode) -> TemplateNode? {
        switch node {
        case .literal(let value, _): value["type"].map(TemplateNode.literal)
        case .object(let members), .action(let members, _): members.first(where: { $0.key == "type" })?.node
        default: nil
        }
    }
}
