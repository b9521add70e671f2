/// Checking a request's `input` against the action's fields (SPEC §11), before any backend is
/// called: types, `required`, bounds, `maxLength`; `null` is the same as absent; a field the
/// action does not declare is an error.
extension ServerAction {
    /// The input to send on (nulls left out), or a message per bad field, in the order the
    /// action declares them, then the undeclared ones in the order sent. The input to send on
    /// is made only once no field is bad: a refused input (the answer given most) builds none.
    public func check(input: JSONObject) -> Result<JSONObject, BadInput> {
        var fields = JSONObject()
        for rule in self.input {
            guard let value = input[rule.name], value != .null else {
                if rule.required { fields[rule.name] = .string(rule.missing) }
                continue
            }
            if let problem = rule.problem(with: value) {
                fields[rule.name] = .string(problem)
            } else if upstream.binds(rule.name), let text = ActionUpstream.text(value), [".", "..", ""].contains(text) {
                // It fills a path segment of the backend's URL: a dot-segment would move it (SPEC §4.4).
                fields[rule.name] = .string("may not be empty, \".\" or \"..\"")
            }
        }
        for member in input.members where !self.input.contains(where: { $0.name == member.key }) && !fields.contains(member.key) {
            fields[member.key] = .string("not an input of this action")
        }
        guard fields.isEmpty else { return .failure(BadInput(fields: fields)) }
        var kept = JSONObject()
        for rule in self.input {
            if let value = input[rule.name], value != .null { kept[rule.name] = value }
        }
        return .success(kept)
    }
}

/// The bad fields of an input: field name → what is wrong, for the 400 `bad_input` answer.
public struct BadInput: Error, Sendable {
    public let fields: JSONObject
}
