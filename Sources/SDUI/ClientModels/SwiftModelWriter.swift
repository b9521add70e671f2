/// `trellis client-models --swift` (SPEC §13): a `ClientModelSet` as Swift source that compiles
/// against `TrellisClient`. `Component` is an enum with a case per component type (its id and
/// a `Codable` struct of its data, nested in `Component`) and `.unknown(id:type:data:)`;
/// `Action` the same for actions. A known type whose data doesn't decode is kept as
/// `.unknown` too, so an answer never fails to decode for one component. Standard types are
/// written `Swift.String`, so a catalog type named `string` can't shadow them; with a
/// namespace, everything is nested in `public enum <namespace>` (two catalogs in one app).
public enum SwiftModelWriter {
    /// The Swift source of `set`, after the comment lines `header`.
    public static func source(_ set: ClientModelSet, header: [String], namespace: String? = nil) -> String {
        let named = NamedModels(set, naming: .swift, reserved: reserved)
        var out = SourceText()
        for line in header { out.line("// " + line) }
        out.line("import TrellisClient")
        out.line()
        if let namespace {
            out.block("public enum \(namespace) {") { writeAll(named, &$0) }
        } else {
            writeAll(named, &out)
        }
        return out.text
    }

    /// The names this writer declares in `Component`, `Action` and the structs.
    static let reserved = NamedModels.Reserved(
        types: ["Component", "Action", "WireKeys", "CodingKeys", "Swift", "TrellisClient"],
        cases: ["id", "type", "children", "actions", "unknown", "init", "encode"],
        members: ["init", "encode", "rawValue", "stringValue", "intValue", "hashValue", "unknown", "hash"],
        constantEnumCases: false)

    private static func writeAll(_ named: NamedModels, _ out: inout SourceText) {
        writeComponent(named.components, &out)
        out.line()
        writeAction(named.actions, &out)
    }

    private static func writeComponent(_ types: [NamedModels.Component], _ out: inout SourceText) {
        out.line("/// A served component (SPEC §1): a case per catalog type with its id and data, and")
        out.line("/// `.unknown` for any other type, or a known one whose data doesn't decode.")
        out.block("public indirect enum Component: Codable, Sendable, Equatable, Identifiable {") { out in
            for type in types { out.line("case \(type.caseName)(id: Swift.String, \(type.typeName))") }
            out.line("case unknown(id: Swift.String, type: Swift.String, data: TrellisClient.JSON)")
            out.line()
            out.line("private enum WireKeys: Swift.String, CodingKey { case id, type, data }")
            out.line()
            out.line("/// Unique within the page.")
            out.block("public var id: Swift.String {") { out in
                out.block("switch self {", indented: false) { out in
                    for type in types { out.line("case .\(type.caseName)(let id, _): return id") }
                    out.line("case .unknown(let id, _, _): return id")
                }
            }
            out.line()
            out.line("/// The component's `type` as sent.")
            out.block("public var type: Swift.String {") { out in
                out.block("switch self {", indented: false) { out in
                    for type in types { out.line("case .\(type.caseName): return \(literal(type.wire))") }
                    out.line("case .unknown(_, let type, _): return type")
                }
            }
            out.line()
            out.line("/// The components in its slots, in catalog order (none for an unknown type).")
            out.block("public var children: [Component] {") { out in
                aggregate(types, kind: .slot, empty: "[]", &out)
            }
            out.line()
            out.line("/// The actions in its action fields, in catalog order.")
            out.block("public var actions: [Action] {") { out in
                aggregate(types, kind: .action, empty: "[]", &out)
            }
            out.line()
            out.block("public init(from decoder: any Decoder) throws {") { out in
                out.line("let container = try decoder.container(keyedBy: WireKeys.self)")
                out.line("let id = try container.decode(Swift.String.self, forKey: .id)")
                out.line("let type = try container.decode(Swift.String.self, forKey: .type)")
                out.block("switch type {", indented: false) { out in
                    for type in types {
                        out.line("case \(literal(type.wire)):")
                        out.line("    if let data = try? container.decode(\(type.typeName).self, forKey: .data) { self = .\(type.caseName)(id: id, data); return }")
                    }
                    out.line("default: break")
                }
                out.line("self = .unknown(id: id, type: type, data: try container.decodeIfPresent(TrellisClient.JSON.self, forKey: .data) ?? .object([:]))")
            }
            out.line()
            out.block("public func encode(to encoder: any Encoder) throws {") { out in
                out.line("var container = encoder.container(keyedBy: WireKeys.self)")
                out.line("try container.encode(id, forKey: .id)")
                out.line("try container.encode(type, forKey: .type)")
                out.block("switch self {", indented: false) { out in
                    for type in types { out.line("case .\(type.caseName)(_, let data): try container.encode(data, forKey: .data)") }
                    out.line("case .unknown(_, _, let data): try container.encode(data, forKey: .data)")
                }
            }
            for type in types {
                out.line()
                writeData(type, &out)
            }
        }
    }

    /// A computed property's body: per case, its fields of `kind` joined (`[]` when none).
    private static func aggregate(_ types: [NamedModels.Component], kind: ClientModelSet.FieldKind, empty: String,
                                  _ out: inout SourceText) {
        out.block("switch self {", indented: false) { out in
            for type in types {
                let fields = type.fields.filter { $0.model.kind == kind }
                guard !fields.isEmpty else { continue }
                let parts = fields.map { $0.model.optional && kind != .slot ? "(data.\($0.member) ?? [])" : "data.\($0.member)" }
                out.line("case .\(type.caseName)(_, let data): return " + parts.joined(separator: " + "))
            }
            out.line("default: return \(empty)")
        }
    }

    /// The struct of one component type's data.
    private static func writeData(_ type: NamedModels.Component, _ out: inout SourceText) {
        out.line("/// The data of `\(type.wire)`.")
        out.block("public struct \(type.typeName): Codable, Sendable, Equatable {") { out in
            for field in type.fields {
                out.line("public var \(field.member): \(swiftType(field))")
            }
            if !type.fields.isEmpty { out.line() }
            let parameters = type.fields.map { field in
                "\(field.member): \(swiftType(field))" + (field.model.kind == .slot ? " = []" : field.model.optional ? " = nil" : "")
            }
            out.block("public init(\(parameters.joined(separator: ", "))) {") { out in
                for field in type.fields { out.line("self.\(field.member) = \(field.member)") }
            }
            out.line()
            guard !type.fields.isEmpty else {
                out.line("public init(from decoder: any Decoder) throws {}")
                return
            }
            let keys = type.fields.map { "\($0.member) = \(literal($0.model.name))" }
            out.line("private enum CodingKeys: Swift.String, CodingKey { case \(keys.joined(separator: ", ")) }")
            out.line()
            out.block("public init(from decoder: any Decoder) throws {") { out in
                out.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
                for field in type.fields { out.line("\(field.member) = " + decoding(field)) }
            }
            for field in type.fields {
                guard let enumType = field.enumType else { continue }
                out.line()
                writeEnum(enumType, field, &out)
            }
        }
    }

    /// The expression decoding `field` from `container`.
    private static func decoding(_ field: NamedModels.Field) -> String {
        let key = "forKey: .\(field.member)"
        switch field.model.kind {
        case .slot: return "try container.decodeIfPresent([Component].self, \(key)) ?? []"
        case .action:
            return field.model.optional ? "try container.decodeActionsIfPresent(Action.self, \(key))"
                : "try container.decodeActions(Action.self, \(key))"
        default:
            let type = baseType(field)
            return field.model.optional ? "try container.decodeIfPresent(\(type).self, \(key))" : "try container.decode(\(type).self, \(key))"
        }
    }

    private static func swiftType(_ field: NamedModels.Field) -> String {
        let base = baseType(field)
        return field.model.optional && field.model.kind != .slot ? base + "?" : base
    }

    private static func baseType(_ field: NamedModels.Field) -> String {
        switch field.model.kind {
        case .slot: "[Component]"
        case .string, .url, .color: "Swift.String"
        case .number: "Swift.Double"
        case .integer: "Swift.Int"
        case .boolean: "Swift.Bool"
        case .enumeration: field.enumType!
        case .action: "[Action]"
        case .object: "[Swift.String: TrellisClient.JSON]"
        case .array: "[TrellisClient.JSON]"
        case .any: "TrellisClient.JSON"
        }
    }

    /// An `enum` field's type: a case per value and `.unknown` with any other string.
    private static func writeEnum(_ name: String, _ field: NamedModels.Field, _ out: inout SourceText) {
        out.line("/// The values of `\(field.model.name)`, and `.unknown` for one this app doesn't know.")
        out.block("public enum \(name): Codable, Sendable, Hashable {") { out in
            for value in field.enumCases { out.line("case \(value.name)") }
            out.line("case unknown(Swift.String)")
            out.line()
            out.block("public init(rawValue: Swift.String) {") { out in
                out.block("switch rawValue {", indented: false) { out in
                    for value in field.enumCases { out.line("case \(literal(value.wire)): self = .\(value.name)") }
                    out.line("default: self = .unknown(rawValue)")
                }
            }
            out.line()
            out.line("/// The value as sent.")
            out.block("public var rawValue: Swift.String {") { out in
                out.block("switch self {", indented: false) { out in
                    for value in field.enumCases { out.line("case .\(value.name): return \(literal(value.wire))") }
                    out.line("case .unknown(let value): return value")
                }
            }
            out.line()
            out.block("public init(from decoder: any Decoder) throws {") { out in
                out.line("self.init(rawValue: try decoder.singleValueContainer().decode(Swift.String.self))")
            }
            out.line()
            out.block("public func encode(to encoder: any Encoder) throws {") { out in
                out.line("var container = encoder.singleValueContainer()")
                out.line("try container.encode(rawValue)")
            }
        }
    }

    private static func writeAction(_ types: [NamedModels.Action], _ out: inout SourceText) {
        out.line("/// An action (SPEC §7.4): a case per catalog action type, and `.unknown` for any other")
        out.line("/// type, or a known one without its required fields.")
        out.block("public enum Action: Codable, Sendable, Equatable {") { out in
            for type in types { out.line("case \(type.caseName)(\(type.typeName))") }
            out.line("case unknown(type: Swift.String, data: TrellisClient.JSON)")
            out.line()
            out.line("/// The action's `type` as sent.")
            out.block("public var type: Swift.String {") { out in
                out.block("switch self {", indented: false) { out in
                    for type in types { out.line("case .\(type.caseName): return \(literal(type.wire))") }
                    out.line("case .unknown(let type, _): return type")
                }
            }
            out.line()
            out.block("public init(from decoder: any Decoder) throws {") { out in
                out.line("let raw = try TrellisClient.JSON(from: decoder)")
                out.block("guard let type = raw[\"type\"]?.stringValue else {") { out in
                    out.line("throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: \"an action is an object with a string \\\"type\\\"\"))")
                }
                out.block("switch type {", indented: false) { out in
                    for type in types {
                        out.line("case \(literal(type.wire)):")
                        out.line("    if let action = try? \(type.typeName)(from: decoder) { self = .\(type.caseName)(action); return }")
                    }
                    out.line("default: break")
                }
                out.line("self = .unknown(type: type, data: raw)")
            }
            out.line()
            out.block("public func encode(to encoder: any Encoder) throws {") { out in
                out.block("switch self {", indented: false) { out in
                    for type in types { out.line("case .\(type.caseName)(let action): try action.encode(to: encoder)") }
                    out.line("case .unknown(_, let data): try data.encode(to: encoder)")
                }
            }
            for type in types {
                out.line()
                writeActionType(type, &out)
            }
        }
    }

    private static func writeActionType(_ type: NamedModels.Action, _ out: inout SourceText) {
        out.line("/// `\(type.wire)`: its required fields, and the whole action as sent.")
        out.block("public struct \(type.typeName): Codable, Sendable, Equatable {") { out in
            for field in type.fields { out.line("public var \(field.member): TrellisClient.JSON") }
            out.line("/// The action object as sent: its `type`, the fields above and any other.")
            out.line("public var \(type.rawMember): TrellisClient.JSON")
            out.line()
            if !type.fields.isEmpty {
                let keys = type.fields.map { "\($0.member) = \(literal($0.wire))" }
                out.line("private enum CodingKeys: Swift.String, CodingKey { case \(keys.joined(separator: ", ")) }")
                out.line()
            }
            out.block("public init(from decoder: any Decoder) throws {") { out in
                if !type.fields.isEmpty { out.line("let container = try decoder.container(keyedBy: CodingKeys.self)") }
                for field in type.fields {
                    out.line("\(field.member) = try container.decode(TrellisClient.JSON.self, forKey: .\(field.member))")
                }
                out.line("\(type.rawMember) = try TrellisClient.JSON(from: decoder)")
            }
            out.line()
            out.block("public func encode(to encoder: any Encoder) throws {") { out in
                out.line("try \(type.rawMember).encode(to: encoder)")
            }
        }
    }

    private static func literal(_ text: String) -> String {
        SourceText.literal(text) { "\\u{" + String($0, radix: 16) + "}" }
    }
}
