/// Reading one field rule of `catalog.json`: `{ "type": …, "values": […], "since": {…} }`,
/// each key optional (SPEC §2.1, §7.4).
extension Catalog {
    private static let ruleKeys: Set<String> = ["type", "values", "since"]

    /// The rule for field `name` at `path`, or nil (with its problems recorded).
    static func fieldRule(_ name: String, _ value: JSONValue, _ path: String, index: Int,
                          _ problems: inout ProblemList) -> FieldRule? {
        guard let object = value.objectValue else {
            problems.add(file, path, "expected a field rule { \"type\"?, \"values\"?, \"since\"? }")
            return nil
        }
        for key in object.keys where !ruleKeys.contains(key) {
            problems.add(file, path.key(key), "unknown key \"\(key)\" in a field rule (type, values, since)")
        }
        let since = object["since"].map { versionTable($0, path.key("since"), &problems) }
        var type: FieldType?
        if let typeValue = object["type"] {
            let values = strings(object["values"], path.key("values"), &problems)
            guard let name = typeValue.stringValue, let parsed = FieldType(name: name, values: values) else {
                problems.add(file, path.key("type"), "unknown field type \(JSONWriter.describe(typeValue)) "
                    + "(\(FieldType.names.joined(separator: ", ")))")
                return nil
            }
            if case .oneOf = parsed, values.isEmpty {
                problems.add(file, path.key("values"), "an enum needs \"values\": a non-empty array of strings")
            }
            type = parsed
        }
        if object["values"] != nil, type.map({ if case .oneOf = $0 { false } else { true } }) ?? true {
            problems.add(file, path.key("values"), "\"values\" belongs to \"type\": \"enum\"")
        }
        return FieldRule(name: name, since: since, type: type, index: index)
    }
}
