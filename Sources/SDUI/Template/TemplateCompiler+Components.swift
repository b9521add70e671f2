/// Components, fallback templates, component data and slots.
extension TemplateCompiler {
    private static let componentKeys = ObjectKeys(["id", "type", "data", "fallback", "required"], in: "a component")
    private static let fallbackKeys = ObjectKeys(["type", "data"], in: "a fallback", listing: .note("type, data; the id is kept"))

    /// A component object: `id`, `type`, `data`, optional `fallback` and `required`.
    mutating func compileComponent(_ object: JSONObject, _ file: String, _ path: String) -> ComponentTemplate? {
        ConfigObject(object, file: file, path: path).check(Self.componentKeys, &self)
        var idNode: TemplateNode?
        if let id = object["id"] {
            if let text = id.stringValue, !text.isEmpty {
                idNode = compileString(text, file, path.key("id"))
            } else {
                report(file, path.key("id"), "a component id must be a non-empty string")
            }
        } else {
            report(file, path, "missing \"id\"")
        }
        let type = componentType(object["type"], file, path.key("type"))
        let data = compileData(object["data"], type: type, file, path.key("data"))
        var fallback = FallbackRule.catalog
        switch object["fallback"] {
        case nil: break
        case .null?: fallback = .drop
        case let value?:
            // Evaluated against the original component's data, not the page's bindings.
            if let template = unscoped({ $0.compileFallback(value, file, path.key("fallback")) }) {
                fallback = .replace(template)
            }
        }
        var required = false
        if let flag = object["required"] {
            if let bool = flag.boolValue { required = bool } else {
                report(file, path.key("required"), "\"required\" must be true or false")
            }
        }
        if let type, let data {
            for field in catalog[type].required where !data.contains(where: { $0.key == field }) {
                report(file, path.key("data"), "missing required field \"\(field)\" of type \"\(catalog[type].name)\"")
            }
        }
        guard let idNode, let type, let data else { return nil }
        var literalID: Int?
        if case .literal(.string(let text), _) = idNode { literalID = number(literalID: text) }
        return ComponentTemplate(id: idNode, type: type, data: data, fallback: fallback, required: required,
                                 site: SourceSite(file: file, path: path.key("id")), literalID: literalID, catalog: catalog)
    }

    /// A fallback template: `{ "type": ..., "data": {...} }`, evaluated against the original data.
    mutating func compileFallback(_ value: JSONValue, _ file: String, _ path: String) -> ComponentTemplate? {
        guard let object = value.objectValue else {
            report(file, path, "a fallback must be a component object ({ \"type\", \"data\" }) or null")
            return nil
        }
        ConfigObject(object, file: file, path: path).check(Self.fallbackKeys, &self)
        let type = componentType(object["type"], file, path.key("type"))
        let data = compileData(object["data"], type: type, file, path.key("data"))
        guard let type, let data else { return nil }
        return ComponentTemplate(id: .literal(.string("")), type: type, data: data, fallback: .catalog,
                                 required: false, site: SourceSite(file: file, path: path), catalog: catalog)
    }

    mutating func componentType(_ value: JSONValue?, _ file: String, _ path: String) -> Int? {
        guard let value else {
            report(file, String(path.dropLast(".type".count)), "missing \"type\"")
            return nil
        }
        guard let name = value.stringValue else {
            report(file, path, "\"type\" must be a string")
            return nil
        }
        guard let index = catalog.index(of: name) else {
            report(file, path, "unknown component type \"\(name)\"")
            return nil
        }
        return index
    }

    mutating func compileData(_ value: JSONValue?, type: Int?, _ file: String, _ path: String) -> [TemplateMember]? {
        guard let value else { return [] }
        guard let object = value.objectValue else {
            report(file, path, "\"data\" must be an object")
            return nil
        }
        var members: [TemplateMember] = []
        for member in object.members {
            let memberPath = path.key(member.key)
            let isSlot = type.map { catalog[$0].isSlot(member.key) } ?? false
            let node = if isSlot {
                compileSlot(member.value, file, memberPath)
            } else if let type, rule(of: member.key, type: type).action, catalog.actions.declared {
                actionField { $0.compile(member.value, file, memberPath, .value) }
            } else {
                compile(member.value, file, memberPath, .value)
            }
            if let node { members.append(TemplateMember(key: member.key, node: node)) }
        }
        if let type {
            checkFields(members, type: type, file, path)
            for index in members.indices {
                var rule = rule(of: members[index].key, type: type)
                if rule.action, catalog.actions.declared {
                    members[index] = TemplateMember(key: members[index].key, node: Self.actionNode(members[index].node))
                    // Written as it is only without a `fallback` of its own, which is never served.
                    if case .literal(.object(let action), _) = members[index].node, action["fallback"] == nil {
                        rule.literalAction = catalog.actions.declaredIndex(of: action)
                    }
                }
                members[index].rule = rule
            }
        }
        return members
    }

    /// The field rule of data member `key` of a component of `type`, for streaming assembly.
    private func rule(of key: String, type: Int) -> MemberRule {
        var rule = MemberRule()
        if let index = catalog[type].ruleIndex(key) {
            rule.index = index
            rule.typed = catalog[type].fields[index].type != nil
            rule.action = catalog[type].fields[index].type == .action
        }
        rule.requiredBit = catalog[type].requiredBit(key)
        return rule
    }

    /// A slot: an array of components (or directives), or a binding that passes components on.
    mutating func compileSlot(_ value: JSONValue, _ file: String, _ path: String) -> TemplateNode? {
        switch value {
        case .array, .string: return compile(value, file, path, value.stringValue == nil ? .component : .value)
        case .object(let object) where object.keys.contains(where: { $0.hasPrefix("$") }):
            return compileDirective(object, file, path, .component)
        default:
            report(file, path, "a slot must be an array of components")
            return nil
        }
    }
}
