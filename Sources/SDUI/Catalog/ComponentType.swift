/// One component type of the catalog, as negotiation and assembly need it.
struct ComponentType: Sendable {
    /// The type name, as written in `type`.
    let name: String
    /// `"name"`, pre-encoded for the output.
    let nameBytes: [UInt8]
    /// Data fields that hold child components.
    let slots: [String]
    /// Data fields that must be present after assembly.
    let required: [String]
    /// The first client version per platform that renders the type; nil for a baseline type.
    let since: VersionTable?
    /// The catalog's fallback template; nil when older clients simply drop the component.
    var fallback: ComponentTemplate?
    /// Field rules: types, and data fields that only newer clients know.
    let fields: [FieldRule]
    /// Client versions that must not receive the type (SPEC §7.2).
    var disabled: DisabledVersions? = nil
    /// `"additionalFields": false`: data may hold only slots, required and ruled fields.
    var additionalFields = true
    /// How the preview draws the type (`preview.html`, SPEC §13); nil: as a box of its fields.
    var preview: PreviewTemplate? = nil

    /// Whether `field` holds child components.
    func isSlot(_ field: String) -> Bool { slots.contains(field) }

    /// The rule of data field `name`, if any.
    func rule(_ name: String) -> FieldRule? { ruleIndex(name).map { fields[$0] } }

    /// The index in `fields` of the rule of data field `name`, if any. The names are compared
    /// in place: `first(where:)` copied each rule it passed (its name, its tables).
    func ruleIndex(_ name: String) -> Int? {
        for index in fields.indices where fields[index].name == name { return index }
        return nil
    }

    /// Whether any field rule gives a type (only such types are checked at request time).
    var hasTypedFields: Bool { fields.contains { $0.type != nil } }

    /// The bit of data field `name` in `requiredMask`: its first place in `required`; 0 for a
    /// field that is not required (or listed past the mask's 64 bits).
    func requiredBit(_ name: String) -> UInt64 {
        guard let place = required.firstIndex(of: name), place < UInt64.bitWidth else { return 0 }
        return 1 << place
    }

    /// The bits of every required field, as streaming assembly marks them present; nil when
    /// the type requires more fields than a mask holds.
    var requiredMask: UInt64? {
        required.count <= UInt64.bitWidth ? required.reduce(0) { $0 | requiredBit($1) } : nil
    }
}

/// `fields.<name>`: a data field's type (SPEC §7.4) and `since` (pruned for clients below it).
struct FieldRule: Sendable {
    let name: String
    /// Nil: every client knows the field.
    let since: VersionTable?
    /// Nil: any value.
    let type: FieldType?
    /// Index of the rule across the whole catalog (a column of a client's field table).
    let index: Int
}

/// A `since` table: per platform, the first version that has a feature. A platform missing
/// from the table never has it.
struct VersionTable: Sendable, Hashable {
    let versions: [Platform: SemanticVersion]

    /// Whether `client` is at or above the table's version for its platform.
    func admits(_ client: ClientVersion) -> Bool {
        guard let first = versions[client.platform] else { return false }
        return client.version >= first
    }
}
