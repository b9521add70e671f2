/// The `submit` actions written in pages and fragments (SPEC §11): each must name an action
/// file, and its literal `input` may hold only that action's declared fields.
extension SiteLoader {
    /// Reports every `{"type": "submit", "action": …}` in `pages/` and `fragments/` whose
    /// action no `actions/<name>.json` declares, or whose `input` names an undeclared field.
    mutating func checkSubmits(_ actions: [String: ServerAction]) {
        for path in parsed.keys.sorted() where path.hasPrefix("pages/") || path.hasPrefix("fragments/") {
            checkSubmits(in: parsed[path]!, path, "$", actions)
        }
    }

    private mutating func checkSubmits(in value: JSONValue, _ file: String, _ path: String, _ actions: [String: ServerAction]) {
        switch value {
        case .object(let object):
            if object["type"] == .string("submit"), let name = object["action"]?.stringValue {
                if let action = actions[name] {
                    let declared = Set(action.input.map(\.name))
                    for key in object["input"]?.objectValue?.keys ?? [] where !declared.contains(key) {
                        problems.report(file, path.key("input").key(key), "\"\(key)\" is not an input of action \"\(name)\"")
                    }
                } else {
                    problems.report(file, path.key("action"), "no action \"\(name)\" (actions/\(name).json)")
                }
            }
            for member in object.members { checkSubmits(in: member.value, file, path.key(member.key), actions) }
        case .array(let items):
            for (index, item) in items.enumerated() { checkSubmits(in: item, file, path.index(index), actions) }
        default:
            break
        }
    }
}
