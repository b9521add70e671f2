/// The component catalog of one Pages version (`catalog.json`): types by index, so that a
/// client's capabilities are a table of booleans looked up by type index.
struct Catalog: Sendable {
    /// The types in the order the catalog lists them.
    var types: [ComponentType]
    /// Type name to index.
    let indexByName: [String: Int]
    /// How many field rules exist across all types.
    let fieldRuleCount: Int
    /// The `actions` (SPEC §7.4); undeclared: action fields stay opaque.
    var actions = ActionCatalog()

    /// The index of the type named `name`.
    func index(of name: String) -> Int? { indexByName[name] }

    /// The type at `index`, lent in place: `catalog[i].fields` reads one field without copying
    /// (and retaining) every field of the type, as a getter's copy would on every render.
    subscript(index: Int) -> ComponentType {
        _read { yield types[index] }
    }
}
