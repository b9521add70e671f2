/// A `ClientModelSet` with the identifiers one language's code gives it: a type and a case per
/// component and action type, a member per field, a nested enum type and its cases per `enum`
/// field. Every name is unique in its scope and avoids the names the writer itself declares
/// there, so any catalog gives code that compiles.
struct NamedModels {
    struct Component {
        let wire: String
        /// The nested type (`ProductCard`) and the case (`productCard`) in `Component`.
        let typeName: String, caseName: String
        let fields: [Field]
    }

    struct Field {
        let model: ClientModelSet.Field
        let member: String
        /// For an `enum` field: its nested type and a (wire value, case name) pair per value.
        let enumType: String?
        let enumCases: [(wire: String, name: String)]
    }

    struct Action {
        let wire: String
        let typeName: String, caseName: String
        /// The required fields: (wire name, member).
        let fields: [(wire: String, member: String)]
        /// The member holding the whole action object as sent.
        let rawMember: String
    }

    /// The names a writer declares itself in each scope, which catalog names must avoid.
    struct Reserved {
        /// Types nested in `Component` and `Action` (besides the generated ones).
        var types: Set<String>
        /// Cases (or subclass names) of `Component` and `Action`, and the members they declare.
        var cases: Set<String>
        /// Members of a component or action type, and of an enum field's type.
        var members: Set<String>
        /// Whether enum cases are constants (Kotlin: `HEADLINE`) rather than members (`headline`).
        var constantEnumCases: Bool
    }

    let components: [Component]
    let actions: [Action]

    init(_ set: ClientModelSet, naming: ModelNaming, reserved: Reserved) {
        var componentTypes = NameScope(reserved: reserved.types), componentCases = NameScope(reserved: reserved.cases)
        components = set.components.map { type in
            var members = NameScope(reserved: reserved.members), nested = NameScope(reserved: reserved.types)
            let fields = type.fields.map { field in
                let member = members.claim(naming.memberName(field.name))
                guard case .enumeration(let values) = field.kind else {
                    return Field(model: field, member: member, enumType: nil, enumCases: [])
                }
                var cases = NameScope(reserved: reserved.members)
                let named = values.map { value in
                    (value, cases.claim(reserved.constantEnumCases ? naming.constantName(value) : naming.memberName(value)))
                }
                return Field(model: field, member: member, enumType: nested.claim(naming.typeName(field.name)), enumCases: named)
            }
            return Component(wire: type.name, typeName: componentTypes.claim(naming.typeName(type.name)),
                             caseName: componentCases.claim(naming.memberName(type.name)), fields: fields)
        }
        var actionTypes = NameScope(reserved: reserved.types), actionCases = NameScope(reserved: reserved.cases)
        actions = set.actions.map { action in
            var members = NameScope(reserved: reserved.members)
            let rawMember = members.claim("raw")
            let fields = action.required.filter { $0 != "type" }.map { ($0, members.claim(naming.memberName($0))) }
            return Action(wire: action.name, typeName: actionTypes.claim(naming.typeName(action.name)),
                          caseName: actionCases.claim(naming.memberName(action.name)), fields: fields, rawMember: rawMember)
        }
    }
}
