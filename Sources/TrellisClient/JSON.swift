import Foundation

/// Any JSON value, as a page's data holds it: what `Component.Content.unknown` and
/// `Action.unknown` keep so that a type this app doesn't know is carried, not lost. Encoding it
/// again writes the same value (an object's keys in whatever order the encoder chooses).
public enum JSON: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSON].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSON].self)) }
    }

    /// Encodes the value as it was decoded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value decoded as `Model`: a tree as a generated `Component`, a toast's component, an
    /// action as a generated `Action`.
    public func decode<Model: Decodable>(_ type: Model.Type) throws -> Model {
        try JSONDecoder().decode(Model.self, from: JSONEncoder().encode(self))
    }

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string payload, or nil.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
