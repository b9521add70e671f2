/// One action type of the catalog's `actions` (SPEC §7.4), negotiated like a component type:
/// `since`, `disabled`, a fallback chain evaluated against the action's own fields, or a drop.
struct ActionType: Sendable {
    /// The name written in an action's `type`.
    let name: String
    /// Fields the action must have after its fallback is evaluated.
    let required: [String]
    /// The first client version per platform that performs it; nil for every client.
    let since: VersionTable?
    /// Client versions that must not receive it (SPEC §7.2).
    let disabled: DisabledVersions?
    /// The replacement template (an object with a literal `type`); nil: dropped.
    var fallback: TemplateNode?
}

/// The catalog's `actions`: types by index, so a client's actions are a table of booleans.
struct ActionCatalog: Sendable {
    /// Whether `catalog.json` declares `actions`; without it, action fields stay opaque.
    var declared = false
    var types: [ActionType] = []
    var indexByName: [String: Int] = [:]

    /// The index of the action type named `name`.
    func index(of name: String) -> Int? { indexByName[name] }

    /// The action type at `index`.
    subscript(index: Int) -> ActionType { types[index] }

    /// The index of `action`'s type, when declared and its required fields are present.
    func declaredIndex(of action: JSONObject) -> Int? {
        declaredIndex(type: action["type"]?.stringValue, contains: action.contains)
    }

    /// The index of an action's `type`, when declared and every required field is one that
    /// `contains` reports present.
    func declaredIndex(type: String?, contains: (String) -> Bool) -> Int? {
        guard let type, let index = index(of: type), types[index].required.allSatisfy(contains) else { return nil }
        return index
    }
}
