/// A field type as JSON Schema, matching `FieldType.accepts` (SPEC §7.4, §8.3).
extension FieldType {
    var schema: JSONValue {
        switch self {
        case .string: Self.typed("string")
        case .number: Self.typed("number")
        case .integer: Self.typed("integer")
        case .boolean: Self.typed("boolean")
        case .object: Self.typed("object")
        case .array: Self.typed("array")
        case .url: .object(JSONObject(["type": .string("string"), "pattern": .string(#"^[A-Za-z][A-Za-z0-9+.\-]*:[^ \r\n\u2028\u2029\u0085\u000B\u000C]+$"#)]))
        case .color: .object(JSONObject(["type": .string("string"), "pattern": .string("^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$")]))
        case .oneOf(let values): .object(JSONObject(["enum": .array(values.map(JSONValue.string))]))
        case .action:
            // Opaque when the catalog declares no actions: an object, or an array of them.
            .object(JSONObject(["type": .array([.string("object"), .string("array")])]))
        }
    }

    private static func typed(_ name: String) -> JSONValue { .object(JSONObject(["type": .string(name)])) }
}
