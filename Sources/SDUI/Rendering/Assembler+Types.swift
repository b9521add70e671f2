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
    }

    /// `component` with wrongly typed bound values removed and its actions negotiated.
    func conform(_ component: EvaluatedComponent) -> Conformed {
        var conformed = Conformed(component: component)
        guard catalog[component.type].hasTypedFields else { return conformed }
        var data: [EvaluatedMember] = []
        data.reserveCapacity(component.data.count)
        for member in component.data {
            guard let fieldType = catalog[component.type].rule(member.key)?.type else {
                data.append(member)
                continue
            }
            if fieldType == .action {
                if let kept = negotiateActions(member.value, into: &conformed.actionFallbacks) {
                    data.append(kept == nil ? member : EvaluatedMember(key: member.key, keyBytes: member.keyBytes, value: kept!))
                }
                continue
            }
            switch member.value {
            case .literal, .component: data.append(member)  // literals were checked by validate
            default:
                if let value = member.value.plainJSON, !fieldType.accepts(value) { continue }
                data.append(member)
            }
        }
        conformed.component.data = data
        return conformed
    }

    /// Records the action fallbacks of a conformed component.
    mutating func count(_ conformed: Conformed) {
        for name in conformed.actionFallbacks { actionFallbackTypes[name, default: 0] += 1 }
    }
}
