/// One declared input field of an action (SPEC §11): its type as a catalog field rule gives it
/// (§7.4), whether it is required, and its bounds. A class: a check passes over each rule of
/// its action, and a reference copies with one count, not one per message.
final class InputRule: Sendable {
    /// The default `maxLength` of a string, in Unicode scalars.
    static let defaultMaxLength = 1024

    let name: String
    let type: FieldType
    let required: Bool
    /// Bounds of a `number` or `integer`, inclusive.
    let min: Double?
    let max: Double?
    /// The most Unicode scalars a string-typed value may hold.
    let maxLength: Int

    /// The messages of a bad value, made once with the rule (every refused input names one):
    /// `expected an integer from 1 to 20`, the same after `required: ` for a missing value,
    /// and `expected at most N characters` for a string that is too long.
    let expected: Problem
    let missing: Problem
    let tooLong: Problem

    /// What is wrong with a field: its message, and the member a refused input's `"fields"`
    /// gets for it (`BadInput.member`), encoded once with the rule.
    struct Problem: Sendable {
        let message: String
        let member: [UInt8]

        init(field: String, _ message: String) {
            self.message = message
            member = BadInput.member(field, message)
        }
    }

    init(name: String, type: FieldType, required: Bool, min: Double?, max: Double?, maxLength: Int) {
        self.name = name
        self.type = type
        self.required = required
        self.min = min
        self.max = max
        self.maxLength = maxLength
        let expected = "expected \(Self.expectation(type: type, min: min, max: max, maxLength: maxLength))"
        self.expected = Problem(field: name, expected)
        missing = Problem(field: name, "required: \(expected)")
        tooLong = Problem(field: name, "expected at most \(maxLength) characters")
    }

    /// What the message of a bad value says is expected: `an integer from 1 to 20`.
    private static func expectation(type: FieldType, min: Double?, max: Double?, maxLength: Int) -> String {
        let noun = switch type {
        case .integer: "an integer"
        case .number: "a number"
        case .string: "a string of at most \(maxLength) characters"
        case .boolean: "true or false"
        case .object: "an object"
        case .array: "an array"
        default: type.expectation
        }
        switch (min.map(text), max.map(text)) {
        case (let low?, let high?): return "\(noun) from \(low) to \(high)"
        case (let low?, nil): return "\(noun) of at least \(low)"
        case (nil, let high?): return "\(noun) of at most \(high)"
        case (nil, nil): return noun
        }
    }

    /// `3` for 3.0, `2.5` for 2.5.
    private static func text(_ bound: Double) -> String {
        bound.rounded() == bound && abs(bound) < 1e15 ? String(Int(bound)) : String(bound)
    }

    /// What is wrong with `value` (present, not null), or nil when it satisfies the rule.
    func problem(with value: JSONValue) -> Problem? {
        guard type.accepts(value) else { return expected }
        if case .number(let text) = value, let number = DecimalText.double(text) {  // a bound is checked on every action
            if let min, number < min { return expected }
            if let max, number > max { return expected }
        }
        if case .string(let text) = value, text.unicodeScalars.count > maxLength { return tooLong }
        return nil
    }
}
