/// Checking a request's `input` against the action's fields (SPEC §11), before any backend is
/// called: types, `required`, bounds, `maxLength`; `null` is the same as absent; a field the
/// action does not declare is an error.
extension ServerAction {
    /// The input to send on (nulls left out), or a message per bad field, in the order the
    /// action declares them, then the undeclared ones in the order sent. The input to send on
    /// is made only once no field is bad: a refused input (the answer given most) builds none.
    public func check(input: JSONObject) -> Result<JSONObject, BadInput> {
        var bad = BadInput()
        for rule in self.input {
            guard let value = input[rule.name], value != .null else {
                if rule.required { bad.add(rule.name, rule.missing) }
                continue
            }
            if let problem = rule.problem(with: value) {
                bad.add(rule.name, problem)
            } else if upstream.binds(rule.name), let text = ActionUpstream.text(value), [".", "..", ""].contains(text) {
                // It fills a path segment of the backend's URL: a dot-segment would move it (SPEC §4.4).
                bad.add(rule.name, "may not be empty, \".\" or \"..\"")
            }
        }
        // The parser refuses duplicate keys, so each undeclared name comes once: no look-up of
        // what is already bad (one per member made a body of many fields cost their square).
        for member in input.members where !self.input.contains(where: { $0.name == member.key }) {
            bad.add(member.key, "not an input of this action")
        }
        guard bad.fields.isEmpty else { return .failure(bad) }
        var kept = JSONObject()
        for rule in self.input {
            if let value = input[rule.name], value != .null { kept[rule.name] = value }
        }
        return .success(kept)
    }
}

/// The bad fields of an input: field name → what is wrong, for the 400 `bad_input` answer.
public struct BadInput: Error, Sendable {
    public private(set) var fields = JSONObject()
    /// Each member of `fields` as JSON (`"name":"message"`), in order: the answer's `"fields"`
    /// object is put together from them, with no writer run per answer. A declared field's
    /// come encoded with its rule (`InputRule.Problem`); BadInputMembersTests compare them with
    /// the writer's encoding of `fields` on generated inputs.
    public private(set) var members: [[UInt8]] = []

    /// Adds field `name` with what its rule says is wrong with it (each name once: appended,
    /// not looked up, so a refused input costs in proportion to its fields).
    mutating func add(_ name: String, _ problem: InputRule.Problem) {
        fields.members.append(JSONObject.Member(key: name, value: .string(problem.message)))
        members.append(problem.member)
    }

    /// Adds field `name` with `message`, encoded now (each name once, appended).
    mutating func add(_ name: String, _ message: String) {
        fields.members.append(JSONObject.Member(key: name, value: .string(message)))
        members.append(Self.member(name, message))
    }

    /// `"name":"message"`, as `JSONWriter` encodes a member of an object.
    static func member(_ name: String, _ message: String) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: name.utf8.count + message.utf8.count + 8)
        writer.writeString(name)
        writer.appendByte(UInt8(ascii: ":"))
        writer.writeString(message)
        return writer.bytes
    }
}
