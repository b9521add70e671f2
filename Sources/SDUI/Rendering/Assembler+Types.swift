/// Typed fields at request time (SPEC §7.4): a bound value of the wrong type counts as no
/// value (its key disappears, so a required field's component drops), and action fields are
/// negotiated for the client (`Assembler+Actions`).
extension Assembler {
    /// A component whose data conforms to its type's field rules, and the original types of
    /// the actions its negotiation replaced or dropped (counted for the original component,
    /// kept or not, and for the fallback that replaces it).
    struct Conformed {
        var component: EvaluatedComponent
        var actionFallbacks: [String] = []
        /// The required fields that held actions of which this client performs none: the
        /// component can't be rendered for it, so it falls back (SPEC §14).
        var unperformable: [String] = []

        /// Whether every field in `required` has a value (one left with no performable action
        /// had one): else the component is a data-driven drop.
        func has(_ required: [String]) -> Bool {
            required.allSatisfy { field in unperformable.contains(field) || component.data.contains { $0.key == field } }
        }
    }

    /// What conforming does to one data member.
    enum MemberFate {
        /// `unperformable`: an action field left with no action this client performs (dropped).
        case kept, dropped, unperformable, replaced(Evaluated)
    }

    /// `component` with wrongly typed bound values removed and its actions negotiated. The data
    /// is copied only from the first member that changes (most components keep all of theirs).
    func conform(_ component: EvaluatedComponent) -> Conformed {
        var conformed = Conformed(component: component)
        guard catalog[component.type].hasTypedFields else { return conformed }
        var changed: [EvaluatedMember]?
        // Through the buffer: members are read in place, not copied one by one.
        component.data.withUnsafeBufferPointer { data in
            for index in data.indices {
                let fate = fate(of: data[index].value, fieldType: catalog[component.type].rule(data[index].key)?.type,
                                actionFallbacks: &conformed.actionFallbacks)
                if changed == nil {
                    if case .kept = fate { continue }
                    changed = Array(data[..<index])
                    changed!.reserveCapacity(data.count)
                }
                switch fate {
                case .kept: changed!.append(data[index])
                case .dropped: break
                case .unperformable:
                    if catalog[component.type].required.contains(data[index].key) { conformed.unperformable.append(data[index].key) }
                case .replaced(let value): changed!.append(EvaluatedMember(key: data[index].key, keyBytes: data[index].keyBytes, value: value))
                }
            }
        }
        if let changed { conformed.component.data = changed }
        return conformed
    }

    /// What conforming does to a data member whose value is `value` and whose rule gives
    /// `fieldType` (nil: any value).
    func fate(of value: Evaluated, fieldType: FieldType?, actionFallbacks: inout [String]) -> MemberFate {
        guard let fieldType else { return .kept }
        if fieldType == .action { return negotiateActions(value, into: &actionFallbacks) }
        switch value {
        case .literal, .component: return .kept  // literals were checked by validate
        default:
            if let json = value.plainJSON, !fieldType.accepts(json) { return .dropped }
            return .kept
        }
    }

    /// Records the action fallbacks of a conformed component.
    mutating func count(_ conformed: Conformed) {
        count(actionFallbacks: conformed.actionFallbacks)
    }

    /// Records replaced or dropped actions, by original action type.
    mutating func count(actionFallbacks: [String]) {
        for name in actionFallbacks {
            actionFallbackTypes[name, default: 0] += 1
            effects.append(.actionFallback(name))
        }
    }
}
