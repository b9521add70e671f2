/// The JSON Schema (draft 2020-12) of the pages one client can receive (SPEC §8.3): a `$defs`
/// entry per component type it renders (`id`, `type` as a const, `data` with its required
/// fields, its typed fields, its pruned fields forbidden and its slots as arrays of the types
/// it renders), and one per action type it performs. The root is what the client is answered:
/// a `page`, a section fetched alone (any component it renders, SPEC §10.1) or a list's
/// `_after` page (an array of them, SPEC §10.2).
struct PageSchema {
    static let dialect = "https://json-schema.org/draft/2020-12/schema"
    /// `$defs` names of the unions; component and action types use their own and
    /// `action:<name>`.
    static let componentUnion = "trellis:component", actionUnion = "trellis:action"

    let catalog: Catalog
    /// Renderable types, allowed field rules and performable actions, by catalog index.
    let renderable: [Bool], fieldAllowed: [Bool], actionRenderable: [Bool]

    /// The schema of `answer`, titled `title`.
    func document(title: String, answer: SchemaAnswer = .page) -> JSONValue {
        var defs = JSONObject()
        for (index, type) in catalog.types.enumerated() where renderable[index] || type.name == "page" {
            defs[type.name] = component(type)
        }
        let types = catalog.types.indices.filter { renderable[$0] }.map { Self.ref(catalog[$0].name) }
        defs[Self.componentUnion] = types.isEmpty ? .bool(false) : .object(JSONObject(["anyOf": .array(types)]))
        if catalog.actions.declared {
            var actions: [JSONValue] = []
            for (index, action) in catalog.actions.types.enumerated() where actionRenderable[index] {
                defs["action:" + action.name] = Self.action(action)
                actions.append(Self.ref("action:" + action.name))
            }
            defs[Self.actionUnion] = actions.isEmpty ? .bool(false) : .object(JSONObject(["anyOf": .array(actions)]))
        }
        var document = JSONObject(["$schema": .string(Self.dialect), "title": .string(title)])
        switch answer {
        case .page: document["$ref"] = .string(Self.pointer("page"))
        case .section: document["$ref"] = .string(Self.pointer(Self.componentUnion))
        case .list:
            document["type"] = .string("array")
            document["items"] = Self.ref(Self.componentUnion)
        }
        document["$defs"] = .object(defs)
        return .object(document)
    }

    private func component(_ type: ComponentType) -> JSONValue {
        var properties = JSONObject()
        for slot in type.slots {
            properties[slot] = .object(JSONObject(["type": .string("array"), "items": Self.ref(Self.componentUnion)]))
        }
        for rule in type.fields where !type.isSlot(rule.name) {
            guard fieldAllowed[rule.index] else {
                properties[rule.name] = .bool(false)  // pruned for this client
                continue
            }
            properties[rule.name] = rule.type.map(fieldSchema) ?? .object(JSONObject())
        }
        let required = type.required.filter { name in type.rule(name).map { fieldAllowed[$0.index] } ?? true }
        var data = JSONObject(["type": .string("object")])
        if !required.isEmpty { data["required"] = .array(required.map(JSONValue.string)) }
        data["properties"] = .object(properties)
        if !type.additionalFields { data["additionalProperties"] = .bool(false) }
        return .object(JSONObject([
            "type": .string("object"), "required": .array([.string("id"), .string("type"), .string("data")]), "additionalProperties": .bool(false),
            "properties": .object(JSONObject([
                "id": .object(JSONObject(["type": .string("string")])), "type": .object(JSONObject(["const": .string(type.name)])),
                "data": .object(data),
            ])),
        ]))
    }

    private func fieldSchema(_ type: FieldType) -> JSONValue {
        guard type == .action, catalog.actions.declared else { return type.schema }
        let one = Self.ref(Self.actionUnion)
        return .object(JSONObject(["anyOf": .array([one, .object(JSONObject(["type": .string("array"), "items": one]))])]))
    }

    private static func action(_ action: ActionType) -> JSONValue {
        .object(JSONObject([
            "type": .string("object"), "required": .array((["type"] + action.required).map(JSONValue.string)),
            "properties": .object(JSONObject(["type": .object(JSONObject(["const": .string(action.name)]))])),
        ]))
    }

    private static func ref(_ name: String) -> JSONValue {
        .object(JSONObject(["$ref": .string(pointer(name))]))
    }

    /// `#/$defs/<name>`, escaped as a JSON Pointer (RFC 6901) in a URI fragment.
    private static func pointer(_ name: String) -> String {
        "#/$defs/" + name.replacing("~", with: "~0").replacing("/", with: "~1")
    }
}
