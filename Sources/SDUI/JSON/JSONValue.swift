/// A JSON value that keeps what the author wrote: object keys in their order and numbers
/// as their literal text (`1.0` stays `1.0`), so the same input always writes the same bytes.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, kept as its validated literal text.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The member `key` of an object, or nil for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The member `key` of an object, or the element at a decimal index `key` of an array;
    /// nil for anything else (what a binding path's next segment reaches).
    func child(_ key: String) -> JSONValue? {
        switch self {
        case .object(let object): object[key]
        case .array(let elements): Int(key).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
        default: nil
        }
    }

    /// The string payload, or nil.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The array payload, or nil.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The object payload, or nil.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The boolean payload, or nil.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The number as an integer when its literal is a plain integer, else nil.
    public var intValue: Int? {
        if case .number(let n) = self { return Int(n) }
        return nil
    }

    /// A short name of the value's kind, for error messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
