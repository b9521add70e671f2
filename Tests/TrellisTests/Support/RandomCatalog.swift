import Foundation
import TestSupport

/// A seeded random catalog for the model generators: the sample catalog (its pages still
/// validate) plus component and action types whose names and fields are chosen to trip a
/// generator up — keywords of Swift and Kotlin, names of the generated members and of
/// standard types, leading digits, names that become the same identifier, every field type,
/// enum values of the same kind. `body` is a page holding one component of each added type with
/// every field filled with a value of its type, and each added action in an action field.
struct RandomCatalog {
    /// catalog.json's text.
    let catalogText: String
    /// A page answer using every added type and action.
    let body: String

    static let typeNames = ["string", "Component", "class", "2x", "a-b", "a_b", "type", "Action", "JSON", "Swift", "List",
                            "unknown", "default", "init", "Text", "object", "Unknown", "TrellisWire", "com", "kotlin"]
    static let fieldNames = ["type", "id", "children", "actions", "raw", "rawValue", "init", "class", "2d", "a-b", "a_b", "String",
                             "value", "default", "self", "copy", "hashCode", "com", "kotlin", "wire", "UNKNOWN", "childComponents",
                             "allActions", "CodingKeys", "stringValue", "x$y", "from", "Companion"]
    static let enumValues = ["a", "A", "class", "2x", "a-b", "a_b", "unknown", "UNKNOWN", "rawValue", "é", "x$y"]
    static let kinds = ["string", "number", "integer", "boolean", "url", "color", "enum", "action", "object", "array", nil]

    init(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let sample = try! JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ServerProcess.packageRoot
            + "/Pages/catalog.json"))) as! [String: Any]
        var components = sample["components"] as! [String: Any], actions = sample["actions"] as! [String: Any]
        // Actions: a few tricky names, each requiring some tricky fields.
        var actionValues: [[String: Any]] = []
        for name in Self.typeNames.shuffled(using: &random).prefix(4) {
            let required = Array(Self.fieldNames.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)))
                .filter { $0 != "type" }
            actions[name] = ["required": required]
            actionValues.append(required.reduce(into: ["type": name]) { $0[$1] = "v" })
        }
        var instances: [[String: Any]] = []
        for (index, name) in Self.typeNames.shuffled(using: &random).prefix(8).enumerated() {
            var fields: [String: Any] = [:], data: [String: Any] = [:], required: [String] = []
            for field in Self.fieldNames.shuffled(using: &random).prefix(Int.random(in: 0...6, using: &random)) {
                let kind = Self.kinds.randomElement(using: &random)!
                var rule: [String: Any] = [:]
                if let kind { rule["type"] = kind }
                if kind == "enum" { rule["values"] = Array(Self.enumValues.shuffled(using: &random).prefix(4)) }
                if Bool.random(using: &random) { rule["since"] = ["ios": "5.0.0", "android": "5.0.0"] }
                fields[field] = rule
                if Bool.random(using: &random) { required.append(field) }
                data[field] = Self.value(of: kind, rule, actions: actionValues, random: &random)
            }
            let slot = "slot-\(index)"
            data[slot] = instances.isEmpty ? [] : [instances.removeLast()]
            var type: [String: Any] = ["slots": [slot], "fields": fields, "required": required]
            if Bool.random(using: &random) { type["since"] = ["ios": "5.1.0", "android": "5.0.0", "web": "1.0.0"] }
            components[name] = type
            instances.append(["id": "r\(index)", "type": name, "data": data])
        }
        let catalog: [String: Any] = ["components": components, "actions": actions]
        catalogText = String(decoding: try! JSONSerialization.data(withJSONObject: catalog, options: [.sortedKeys]), as: UTF8.self)
        let page: [String: Any] = ["id": "root", "type": "page", "data": ["children": instances]]
        body = String(decoding: try! JSONSerialization.data(withJSONObject: page, options: [.sortedKeys]), as: UTF8.self)
    }

    /// A value of `kind`: for an action field, every added action (an array) or the first alone.
    private static func value(of kind: String?, _ rule: [String: Any], actions: [[String: Any]],
                              random: inout SeededGenerator) -> Any {
        switch kind {
        case "string": "s"
        case "number": 1.5
        case "integer": 3
        case "boolean": true
        case "url": "https://example.com/x"
        case "color": "#ff00ffaa"
        case "enum": (rule["values"] as! [String]).randomElement(using: &random)!
        case "action": Bool.random(using: &random) || actions.isEmpty ? actions : actions[0]
        case "object": ["k": [1, "two"]]
        case "array": [1, "two", ["k": nil as Any? ?? NSNull()]]
        default: "anything"
        }
    }
}
