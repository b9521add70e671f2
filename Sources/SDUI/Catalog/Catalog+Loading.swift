/// Reading `catalog.json`: types, slots, required fields, `since` and field rules. Fallback
/// templates are compiled afterwards (they need every type), see `Catalog.compileFallbacks`.
extension Catalog {
    static let file = "catalog.json"
    private static let typeKeys: Set<String> = ["slots", "required", "since", "fallback", "fields", "disabled", "additionalFields"]

    /// The catalog without fallbacks, recording every problem found.
    static func read(_ root: JSONValue, problems: inout ProblemList) -> Catalog {
        var types: [ComponentType] = []
        var index: [String: Int] = [:]
        var ruleCount = 0
        guard let components = root["components"]?.objectValue else {
            problems.add(file, "$", "expected an object with a \"components\" object")
            return Catalog(types: [], indexByName: [:], fieldRuleCount: 0)
        }
        for member in components.members {
            let path = "$.components".key(member.key)
            guard let def = member.value.objectValue else {
                problems.add(file, path, "expected an object describing the type")
                continue
            }
            for key in def.keys where !typeKeys.contains(key) {
                problems.add(file, path.key(key), "unknown key \"\(key)\" in a component type")
            }
            let slots = strings(def["slots"], path.key("slots"), &problems)
            let required = strings(def["required"], path.key("required"), &problems)
            let since = def["since"].map { versionTable($0, path.key("since"), &problems) }
            var rules: [FieldRule] = []
            if let fields = def["fields"] {
                guard let object = fields.objectValue else {
                    problems.add(file, path.key("fields"), "expected an object of field rules")
                    continue
                }
                for field in object.members {
                    let fieldPath = path.key("fields").key(field.key)
                    guard let rule = fieldRule(field.key, field.value, fieldPath, index: ruleCount, &problems) else { continue }
                    rules.append(rule)
                    ruleCount += 1
                }
            }
            var additionalFields = true
            if let flag = def["additionalFields"] {
                if let bool = flag.boolValue { additionalFields = bool } else {
                    problems.add(file, path.key("additionalFields"), "expected true or false")
                }
            }
            index[member.key] = types.count
            types.append(ComponentType(
                name: member.key, nameBytes: JSONWriter.encode(.string(member.key)), slots: slots,
                required: required, since: since, fallback: nil, fields: rules,
                disabled: def["disabled"].map { DisabledVersions.read($0, file, path.key("disabled"), &problems) },
                additionalFields: additionalFields))
        }
        if index["page"] == nil {
            problems.add(file, "$.components", "the catalog must define the \"page\" type")
        }
        return Catalog(types: types, indexByName: index, fieldRuleCount: ruleCount,
                       actions: readActions(root, problems: &problems))
    }

    static func strings(_ value: JSONValue?, _ path: String, _ problems: inout ProblemList) -> [String] {
        guard let value else { return [] }
        guard let array = value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
            problems.add(file, path, "expected an array of strings")
            return []
        }
        return array.compactMap(\.stringValue)
    }

    static func versionTable(_ value: JSONValue, _ path: String, _ problems: inout ProblemList) -> VersionTable {
        var versions: [Platform: SemanticVersion] = [:]
        guard let object = value.objectValue else {
            problems.add(file, path, "expected an object of platform versions")
            return VersionTable(versions: [:])
        }
        for member in object.members {
            guard let platform = Platform(rawValue: member.key) else {
                problems.add(file, path.key(member.key), "unknown platform \"\(member.key)\" (ios, android, web)")
                continue
            }
            guard let text = member.value.stringValue, let version = SemanticVersion(text) else {
                problems.add(file, path.key(member.key), "invalid version \(JSONWriter.describe(member.value)) (SemVer MAJOR.MINOR.PATCH)")
                continue
            }
            versions[platform] = version
        }
        return VersionTable(versions: versions)
    }
}

extension JSONWriter {
    /// The compact JSON text of `value`, for messages.
    static func describe(_ value: JSONValue) -> String {
        String(decoding: encode(value), as: UTF8.self)
    }
}
