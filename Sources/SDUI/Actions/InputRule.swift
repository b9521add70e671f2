/// One declared input field of an action (SPEC §11): its type as a catalog field rule gives it
/// (§7.4), whether it is required, and its bounds.
struct InputRule: Sendable {
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

    /// What the message of a bad value says is expected: `an integer from 1 to 20`.
    var expectation: String {
        let noun = switch type {
        case .integer: "an integer"
        case .number: "a number"
        case .string: "a string of at most \(maxLength) characters"
        case .boolean: "true or false"
        case .object: "an object"
        case .array: "an array"
        default: type.expectation
        }
        switch (min.map(Self.text), max.map(Self.text)) {
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
    func problem(with value: JSONValue) -> String? {
        guard type.accepts(value) else { return "expected \(expectation)" }
        if case .number(let text) = value, let number = Double(text) {
            if let min, number < min { return "expected \(expectation)" }
            if let max, number > max { return "expected \(expectation)" }
        }
        if case .string(let text) = value, text.unicodeScalars.count > maxLength {
            return "expected at most \(maxLength) characters"
        }
        return nil
    }
}
