/// The types, fields and actions a client can receive from this version, for
/// `trellis client-models` (SPEC §13).
extension Site {
    /// The model set of `client`: the types it renders (and `page`, the root of every answer),
    /// the fields it knows of each and the actions it performs; with no client, all of them.
    public func clientModels(for client: ClientDescriptor?) -> ClientModelSet {
        let profile = client.map { clientClass(for: $0).profile }
        let renderable = profile?.renderable ?? catalog.types.map { _ in true }
        let fieldAllowed = profile?.fieldAllowed ?? Array(repeating: true, count: catalog.fieldRuleCount)
        let actionRenderable = profile?.actionRenderable ?? catalog.actions.types.map { _ in true }
        let components = catalog.types.indices.filter { renderable[$0] || catalog[$0].name == "page" }.map { index in
            ClientModelSet.ComponentModel(name: catalog[index].name, fields: Self.modelFields(catalog[index], fieldAllowed))
        }
        let actions = catalog.actions.types.indices.filter { actionRenderable[$0] }.map { index in
            ClientModelSet.ActionModel(name: catalog.actions[index].name, required: catalog.actions[index].required)
        }
        return ClientModelSet(components: components, actions: actions)
    }

    /// Slots, then each field rule the client knows, then required fields without a rule.
    private static func modelFields(_ type: ComponentType, _ fieldAllowed: [Bool]) -> [ClientModelSet.Field] {
        var fields = type.slots.map { ClientModelSet.Field(name: $0, kind: .slot, optional: true) }
        for rule in type.fields where !type.isSlot(rule.name) && fieldAllowed[rule.index] {
            fields.append(ClientModelSet.Field(name: rule.name, kind: rule.type.map(kind) ?? .any,
                                               optional: !type.required.contains(rule.name)))
        }
        for name in type.required where !type.isSlot(name) && type.rule(name) == nil {
            fields.append(ClientModelSet.Field(name: name, kind: .any, optional: false))
        }
        return fields
    }

    private static func kind(_ type: FieldType) -> ClientModelSet.FieldKind {
        switch type {
        case .string: .string
        case .number: .number
        case .integer: .integer
        case .boolean: .boolean
        case .url: .url
        case .color: .color
        case .oneOf(let values): .enumeration(values)
        case .action: .action
        case .object: .object
        case .array: .array
        }
    }
}
