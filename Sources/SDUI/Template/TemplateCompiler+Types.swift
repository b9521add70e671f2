/// Typed fields at validation time (SPEC §7.4): literal values against their field rule,
/// literal actions against the action catalog, and `"additionalFields": false`. Bound values
/// are checked at request time (`Assembler+Types`).
extension TemplateCompiler {
    /// Checks the compiled data `members` of a component of catalog type `type` at `file:path`.
    mutating func checkFields(_ members: [TemplateMember], type: Int, _ file: String, _ path: String) {
        let componentType = catalog[type]
        for member in members {
            let memberPath = path.key(member.key)
            guard let rule = componentType.rule(member.key) else {
                if !componentType.additionalFields, !componentType.isSlot(member.key), !componentType.required.contains(member.key) {
                    report(file, memberPath, "unknown field \"\(member.key)\" of type \"\(componentType.name)\" "
                        + "(additionalFields is false)")
                }
                continue
            }
            guard let fieldType = rule.type else { continue }
            check(member.node, against: fieldType, file, memberPath)
        }
    }

    private mutating func check(_ node: TemplateNode, against type: FieldType, _ file: String, _ path: String) {
        switch node {
        case .literal(let value, _):
            guard type.accepts(value) else {
                return report(file, path, "expected \(type.expectation), got \(JSONWriter.describe(value))")
            }
            if type == .action { checkActions(node, file, path) }
        case .text where !type.admitsStrings:
            report(file, path, "expected \(type.expectation), got an interpolated string")
        case .message where !type.admitsStrings:
            // SPEC §7.1: a `$t` stands for a string value; elsewhere the key would vanish unseen.
            report(file, path, "expected \(type.expectation), got a $t message (it becomes a string)")
        case .format where !type.admitsStrings:
            report(file, path, "expected \(type.expectation), got a $format (it becomes a string)")
        case .conditional(_, let then, let otherwise):
            // Whichever branch a request takes must have the type.
            if let then { check(then, against: type, file, path.key("then")) }
            if let otherwise { check(otherwise, against: type, file, path.key("else")) }
        case .variant(_, let branches):
            for branch in branches { check(branch.node, against: type, file, path.key(branch.name)) }
        case .scheduled(_, let node):
            check(node, against: type, file, path)
        case .object where type != .object && type != .action, .array where type != .array && type != .action:
            report(file, path, "expected \(type.expectation), got \(node.kindName)")
        case .object, .array:
            if type == .action { checkActions(node, file, path) }
        default:
            break  // a binding, a string-valued `$t`/`$format`, an `$each`: known at request time
        }
    }

    /// Literal action types must be declared, with their required fields, and so must an
    /// action's own literal `fallback` (when the catalog declares `actions`).
    private mutating func checkActions(_ node: TemplateNode, _ file: String, _ path: String) {
        guard catalog.actions.declared else { return }
        switch node {
        case .literal(.array(let items), _):
            for (i, item) in items.enumerated() { checkActions(.literal(item), file, path.index(i)) }
        case .array(let nodes):
            for (i, item) in nodes.enumerated() { checkActions(item, file, path.index(i)) }
        case .literal(.object(let object), _):
            checkAction(type: object["type"], keys: object.keys, file, path)
            checkOwnFallback(object["fallback"].map(TemplateNode.literal), file, path.key("fallback"))
        case .object(let members):
            checkAction(type: members.first(where: { $0.key == "type" })?.node.literalValue, keys: members.map(\.key), file, path)
            checkOwnFallback(members.first(where: { $0.key == "fallback" })?.node, file, path.key("fallback"))
        case .text, .literal:
            report(file, path, "expected an action object, got \(node.kindName)")
        default:
            break
        }
    }

    /// An action's own `fallback`: `null` (a drop) or an action object; a bound one is checked
    /// at request time.
    private mutating func checkOwnFallback(_ node: TemplateNode?, _ file: String, _ path: String) {
        switch node {
        case nil, .literal(.null, _)?: break
        case .literal(.object, _)?, .object?: checkActions(node!, file, path)
        case .literal?, .text?, .array?: report(file, path, "an action's fallback is an action object or null")
        default: break
        }
    }

    private mutating func checkAction(type: JSONValue?, keys: [String], _ file: String, _ path: String) {
        guard let type else { return }  // bound: checked at request time
        guard let name = type.stringValue, let index = catalog.actions.index(of: name) else {
            return report(file, path.key("type"), "unknown action type \(JSONWriter.describe(type))")
        }
        for field in catalog.actions[index].required where !keys.contains(field) {
            report(file, path, "missing required field \"\(field)\" of action \"\(name)\"")
        }
    }
}

extension TemplateNode {
    /// What a message calls the node's value.
    var kindName: String {
        switch self {
        case .literal(let value, _): value.kindName
        case .text, .message: "string"
        case .format: "a formatted value"
        case .scheduled(_, let node): node.kindName
        case .object, .action: "object"
        case .array, .each, .splice, .pagedList: "array"
        case .component, .section: "component"
        case .binding, .conditional, .variant: "a bound value"
        }
    }
}
