/// An evaluated value as plain JSON, for the checks of typed fields and actions.
extension Evaluated {
    /// The value as JSON; nil when it holds a component.
    var plainJSON: JSONValue? {
        switch self {
        case .literal(let value, _), .value(let value): return value
        case .component: return nil
        case .array(let elements):
            var values: [JSONValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let value = element.plainJSON else { return nil }
                values.append(value)
            }
            return .array(values)
        case .object(let members):
            var object = JSONObject()
            object.members.reserveCapacity(members.count)
            for member in members {
                guard let value = member.value.plainJSON else { return nil }
                object.members.append(JSONObject.Member(key: member.key, value: value))
            }
            return .object(object)
        }
    }
}
