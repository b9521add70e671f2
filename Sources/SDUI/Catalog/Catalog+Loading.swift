/// Reading `catalog.json`: types, slots, required fields, `since`, field rules and previews. Fallback
/// templates are compiled afterwards (they need every type), see `Catalog.compileFallbacks`.
extension Catalog {
    static let file = "catalog.json"
    private static let typeKeys = ObjectKeys(["slots", "required", "since", "fallback", "fields", "disabled", "additionalFields",
                                              "preview"],
                                             in: "a component type", listing: .none)

    /// The catalog without fallbacks, recording every problem found.
    static func read(_ root: JSONValue, problems: inout ProblemList) -> Catalog {
        var types: [ComponentType] = []
        var index: [String: Int] = [:]
        var ruleCount = 0
        guard let components = root["components"]?.objectValue else {
            problems.report(file, "$", "expected an object with a \"components\" object")
            return Catalog(types: [], indexByName: [:], fieldRuleCount: 0)
        }
        for member in components.members {
            let path = "$.components".key(member.key)
            guard let def = ConfigObject(member.value, file: file, path: path, else: "expected an object describing the type", &problems)
            else { continue }
            def.check(typeKeys, &problems)
            let slots = def.strings("slots", &problems)
            let required = def.strings("required", &problems)
            let since = def["since"].map { versionTable($0, path.key("since"), &problems) }
            var rules: [FieldRule] = []
            if def["fields"] != nil {
                guard let fields = def.object("fields", else: "expected an object of field rules", &problems) else { continue }
                for field in fields.members.members {
                    guard let rule = fieldRule(field.key, field.value, fields.path(field.key), index: ruleCount, &problems) else { continue }
                    rules.append(rule)
                    ruleCount += 1
                }
            }
            index[member.key] = types.count
            types.append(ComponentType(
                name: member.key, nameBytes: JSONWriter.encode(.string(member.key)), slots: slots,
                required: required, since: since, fallback: nil, fields: rules,
                disabled: def["disabled"].map { DisabledVersions.read($0, file, path.key("disabled"), &problems) },
                additionalFields: def.bool("additionalFields", &problems) ?? true,
                preview: def["preview"].flatMap { previewTemplate($0, path.key("preview"), slots: slots, &problems) }))
        }
        if index["page"] == nil {
            problems.report(file, "$.components", "the catalog must define the \"page\" type")
        }
        return Catalog(types: types, indexByName: index, fieldRuleCount: ruleCount,
                       actions: readActions(root, problems: &problems))
    }

    static func versionTable(_ value: JSONValue, _ path: String, _ problems: inout ProblemList) -> VersionTable {
        var versions: [Platform: SemanticVersion] = [:]
        guard let object = value.objectValue else {
            problems.report(file, path, "expected an object of platform versions")
            return VersionTable(versions: [:])
        }
        for member in object.members {
            guard let platform = Platform(rawValue: member.key) else {
                problems.report(file, path.key(member.key), "unknown platform \"\(member.key)\" (ios, android, web)")
                continue
            }
            guard let text = member.value.stringValue, let version = SemanticVersion(text) else {
                problems.report(file, path.key(member.key), "invalid version \(JSONWriter.describe(member.value)) (SemVer MAJOR.MINOR.PATCH)")
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
