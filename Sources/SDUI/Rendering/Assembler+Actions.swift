/// Action negotiation (SPEC §7.4): an action is kept when the client performs its type, else
/// its type's fallback is evaluated against the action's own fields (chains), else dropped.
/// A type the catalog doesn't declare, or missing a required field, counts as no value.
extension Assembler {
    /// The negotiated value of an action field: `.some(nil)` to keep `value` as it is,
    /// `.some(replacement)`, or nil when no renderable action is left (the key disappears).
    /// Replaced and dropped actions' types are appended to `fallbacks`.
    func negotiateActions(_ value: Evaluated, into fallbacks: inout [String]) -> Evaluated?? {
        guard catalog.actions.declared else { return .some(nil) }  // opaque (SPEC §7.4)
        // The usual case, a bound action this client performs, is kept without building its JSON.
        if case .object(let members) = value, !value.holdsComponents,
           let index = catalog.actions.declaredIndex(type: Evaluated.member("type", of: members)?.jsonValue?.stringValue,
                                                     contains: { Evaluated.member($0, of: members) != nil }),
           profile.actionRenderable[index] {
            return .some(nil)
        }
        guard let json = value.plainJSON else { return nil }
        switch json {
        case .object(let action):
            switch negotiate(action, fallbacks: &fallbacks) {
            case .kept: return .some(nil)
            case .replaced(let replacement): return .some(.value(.object(replacement)))
            case .none: return nil
            }
        case .array(let items):
            var kept: [JSONValue] = []
            var changed = false
            for item in items {
                switch item.objectValue.map({ negotiate($0, fallbacks: &fallbacks) }) ?? .none {
                case .kept: kept.append(item)
                case .replaced(let replacement):
                    kept.append(.object(replacement))
                    changed = true
                case .none: changed = true
                }
            }
            if kept.isEmpty && !items.isEmpty { return nil }
            return .some(changed ? .value(.array(kept)) : nil)
        default:
            return nil
        }
    }

    /// Whether a literal action member is written as it is for this client: actions are
    /// opaque, or its type (declared, its required fields present) is one the client performs.
    func keepsLiteralAction(_ rule: MemberRule) -> Bool {
        !catalog.actions.declared || rule.literalAction.map { profile.actionRenderable[$0] } == true
    }

    private enum ActionNegotiation {
        case kept, replaced(JSONObject), none
    }

    private func negotiate(_ action: JSONObject, fallbacks: inout [String]) -> ActionNegotiation {
        guard let index = catalog.actions.declaredIndex(of: action) else { return .none }
        if profile.actionRenderable[index] { return .kept }
        fallbacks.append(catalog.actions[index].name)
        var current = action, currentIndex = index
        for _ in 0..<Self.maxChain {
            guard let template = catalog.actions[currentIndex].fallback else { break }
            var scope = Scope()
            for member in current.members { scope.bind(member.key, .value(member.value)) }
            guard let next = evaluator.value(template, scope)?.plainJSON?.objectValue, let nextIndex = catalog.actions.declaredIndex(of: next)
            else { break }
            if profile.actionRenderable[nextIndex] { return .replaced(next) }
            current = next
            currentIndex = nextIndex
        }
        return .none
    }
}
