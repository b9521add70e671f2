/// Action negotiation (SPEC §7.4, §14): an action is kept when the client performs its type;
/// else its own `fallback` (an action object, or `null` to drop), which wins over its type's,
/// or its type's fallback evaluated against the action's own fields, replaces it (chains); else
/// it is dropped. A type the catalog doesn't declare, or missing a required field, counts as no
/// value. An action's own `fallback` is never served.
extension Assembler {
    /// What negotiation makes of the value of an action field: kept as it is, replaced, no value
    /// (`dropped`: nothing in it is an action), or `unperformable` (it held actions, and none is
    /// left that this client performs). Replaced and dropped actions' types are appended to
    /// `fallbacks`.
    func negotiateActions(_ value: Evaluated, into fallbacks: inout [String]) -> MemberFate {
        guard catalog.actions.declared else { return .kept }  // opaque (SPEC §7.4)
        // The usual case, a bound action this client performs, is kept without building its JSON.
        if case .object(let members) = value, !value.holdsComponents, Evaluated.member("fallback", of: members) == nil,
           let index = catalog.actions.declaredIndex(type: Evaluated.member("type", of: members)?.jsonValue?.stringValue,
                                                     contains: { Evaluated.member($0, of: members) != nil }),
           profile.actionRenderable[index] {
            return .kept
        }
        guard let json = value.plainJSON else { return .dropped }
        switch json {
        case .object(let action):
            switch negotiate(action, fallbacks: &fallbacks) {
            case .kept: return .kept
            case .replaced(let replacement): return .replaced(.value(.object(replacement)))
            case .invalid: return .dropped
            case .unperformable: return .unperformable
            }
        case .array(let items):
            var kept: [JSONValue] = []
            var changed = false, unperformable = false
            for item in items {
                switch item.objectValue.map({ negotiate($0, fallbacks: &fallbacks) }) ?? .invalid {
                case .kept: kept.append(item)
                case .replaced(let replacement):
                    kept.append(.object(replacement))
                    changed = true
                case .invalid: changed = true
                case .unperformable:
                    changed = true
                    unperformable = true
                }
            }
            if kept.isEmpty && !items.isEmpty { return unperformable ? .unperformable : .dropped }
            return changed ? .replaced(.value(.array(kept))) : .kept
        default:
            return .dropped
        }
    }

    /// Whether a literal action member is written as it is for this client: actions are
    /// opaque, or its type (declared, its required fields present, no `fallback` of its own)
    /// is one the client performs.
    func keepsLiteralAction(_ rule: MemberRule) -> Bool {
        !catalog.actions.declared || rule.literalAction.map { profile.actionRenderable[$0] } == true
    }

    private enum ActionNegotiation {
        case kept, replaced(JSONObject), invalid, unperformable
    }

    private func negotiate(_ action: JSONObject, fallbacks: inout [String]) -> ActionNegotiation {
        guard let index = catalog.actions.declaredIndex(of: action) else { return .invalid }
        if profile.actionRenderable[index] { return action.contains("fallback") ? .replaced(Self.served(action)) : .kept }
        fallbacks.append(catalog.actions[index].name)
        var current = action, currentIndex = index
        for _ in 0..<Self.maxChain {
            guard let next = fallback(of: current, type: currentIndex), let nextIndex = catalog.actions.declaredIndex(of: next)
            else { break }
            if profile.actionRenderable[nextIndex] { return .replaced(Self.served(next)) }
            current = next
            currentIndex = nextIndex
        }
        return .unperformable
    }

    /// What replaces `action`, of the type at index `type`: its own `fallback` (nil when that is
    /// `null` or not an object), else its type's fallback evaluated against its fields.
    private func fallback(of action: JSONObject, type: Int) -> JSONObject? {
        if let own = action["fallback"] { return own.objectValue }
        guard let template = catalog.actions[type].fallback else { return nil }
        var scope = Scope()
        for member in action.members { scope.bind(member.key, .value(member.value)) }
        return evaluator.value(template, scope)?.plainJSON?.objectValue
    }

    /// `action` as it is served: without its own `fallback`.
    private static func served(_ action: JSONObject) -> JSONObject {
        JSONObject(action.members.filter { $0.key != "fallback" })
    }
}
