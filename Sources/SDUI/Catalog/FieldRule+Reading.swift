/// Reading one field rule of `catalog.json`: `{ "type": …, "values": […], "since": {…} }`,
/// each key optional (SPEC §2.1, §7.4).
extension Catalog {
    private static let ruleKeys = ObjectKeys(["type", "values", "since"], in: "a field rule")

    /// The rule for field `name` at `path`, or nil (with its problems recorded).
    static func fieldRule(_ name: String, _ value: JSONValue, _ path: String, index: Int,
                          _ problems: inout ProblemList) -> FieldRule? {
        guard let object = ConfigObject(value, file: file, path: path, else: "expected a field rule { \"type\"?, \"values\"?, \"since\"? }",
                                        &problems)
        else { return nil }
        object.check(ruleKeys, &problems)
        let since = object["since"].map { versionTable($0, path.key("since"), &problems) }
        var type: FieldType?
        if let typeValue = object["type"] {
            let values = object.strings("values", &problems)
            guard let name = typeValue.stringValue, let parsed = FieldType(name: name, values: values) else {
                problems.report(file, path.key("type"), "unknown field type \(JSONWriter.describe(typeValue)) "
                    + "(\(FieldType.names.joined(separator: ", ")))")
                return nil
            }
            if case .oneOf = parsed, values.isEmpty {
                problems.report(file, path.key("values"), "an enum needs \"values\": a non-empty array of strings")
            }
            type = parsed
        }
        if object["values"] != nil, type.map({ if case .oneOf = $0 { false } else { true } }) ?? true {
            problems.report(file, path.key("values"), "\"values\" belongs to \"type\": \"enum\"")
        }
        return FieldRule(name: name, since: since, type: type, index: index)
    }
}
