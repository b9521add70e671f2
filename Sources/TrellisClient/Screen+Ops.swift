/// Applying an action's answer (SPEC §11): `{"ops":[…]}`, in order.
extension Screen {
    /// Applies each op of `answer`: `replace` puts its component in place of its target,
    /// `remove` takes the target out (a target this screen doesn't hold is left alone); `toast`
    /// and `navigate` are returned for the app, in order, as is any op of another kind.
    /// Throws `PageClient.Failure.undecodable` when `answer` has no `ops` array.
    public mutating func apply(ops answer: JSON) throws(PageClient.Failure) -> [Effect] {
        guard case .array(let ops)? = answer["ops"] else { throw .undecodable("an action's answer is {\"ops\": [...]}") }
        var effects: [Effect] = []
        for op in ops {
            switch (op["op"]?.stringValue, op["target"]?.stringValue, op["component"]) {
            case ("replace", let target?, let component?): replace(target, with: [component])
            case ("remove", let target?, _): replace(target, with: [])
            case ("toast", _, let component?): effects.append(.toast(component))
            case ("navigate", _, _) where op["url"]?.stringValue != nil: effects.append(.navigate(op["url"]!.stringValue!))
            default: effects.append(.unhandled(op))
            }
        }
        return effects
    }
}
