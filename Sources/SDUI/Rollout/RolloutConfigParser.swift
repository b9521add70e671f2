/// Reads rollout.json into a `RolloutConfig`, collecting every problem on the way.
/// Used through `RolloutConfig.parse(_:file:)`.
struct RolloutConfigParser: ProblemReporter {
    private static let rootKeys = ObjectKeys.expectingOneOf(["minVersions", "softMinVersions", "experiments", "canaries"])

    let file: String
    private(set) var problems: [ValidationProblem] = []

    init(file: String) {
        self.file = file
    }

    mutating func config(_ json: JSONValue) -> RolloutConfig {
        guard let root = object(json, at: "$") else { return RolloutConfig() }
        check(root, Self.rootKeys, at: "$")
        var config = RolloutConfig()
        if let value = root["minVersions"] { config.minVersions = minVersions(value, at: "$.minVersions") }
        if let value = root["softMinVersions"] { config.softMinVersions = minVersions(value, at: "$.softMinVersions") }
        if let value = root["experiments"] { config.experiments = experiments(value, at: "$.experiments") }
        if let value = root["canaries"] { config.canaries = canaries(value, at: "$.canaries") }
        return config
    }

    private mutating func minVersions(_ value: JSONValue, at path: String) -> [Platform: SemanticVersion] {
        guard let object = object(value, at: path) else { return [:] }
        var result: [Platform: SemanticVersion] = [:]
        for member in object.members {
            let memberPath = Self.path(path, member.key)
            guard let platform = Platform(rawValue: member.key) else {
                let known = Platform.allCases.map(\.rawValue).joined(separator: ", ")
                report(memberPath, "unknown platform \"\(member.key)\" (expected one of \(known))")
                continue
            }
            guard let text = string(member.value, at: memberPath) else { continue }
            guard let version = SemanticVersion(text) else {
                report(memberPath, "\"\(text)\" is not a SemVer version (MAJOR.MINOR.PATCH)")
                continue
            }
            result[platform] = version
        }
        return result
    }

    // MARK: Shared checks

    mutating func report(_ path: String, _ message: String) {
        report(file, path, message)
    }

    mutating func report(_ file: String, _ path: String, _ message: String) {
        problems.append(ValidationProblem(file: file, path: path, message: message))
    }

    mutating func object(_ value: JSONValue, at path: String) -> JSONObject? {
        guard let object = value.objectValue else { return typeMismatch(value, "an object", at: path) }
        return object
    }

    mutating func array(_ value: JSONValue, at path: String) -> [JSONValue]? {
        guard let array = value.arrayValue else { return typeMismatch(value, "an array", at: path) }
        return array
    }

    mutating func string(_ value: JSONValue, at path: String) -> String? {
        guard let string = value.stringValue else { return typeMismatch(value, "a string", at: path) }
        return string
    }

    /// The member `key` of `object`, or nil with a problem when it is missing.
    mutating func required(_ object: JSONObject, _ key: String, at path: String) -> JSONValue? {
        guard let value = object[key] else {
            report(Self.path(path, key), "missing")
            return nil
        }
        return value
    }

    /// The string member `key` of `object`, or nil with a problem.
    mutating func requiredString(_ object: JSONObject, _ key: String, at path: String) -> String? {
        required(object, key, at: path).flatMap { string($0, at: Self.path(path, key)) }
    }

    /// A required string member that names an experiment or a variant: visible ASCII other
    /// than `,` (0x2C) and `=` (0x3D).
    mutating func name(_ object: JSONObject, at path: String) -> String? {
        guard let name = requiredString(object, "name", at: path) else { return nil }
        guard !name.isEmpty, name.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != 0x2C && $0 != 0x3D }) else {
            report(path + ".name", "\"\(name)\" is not a valid name (visible ASCII characters other than , and =)")
            return nil
        }
        return name
    }

    /// Reports every key of `object` that `keys` doesn't allow.
    mutating func check(_ object: JSONObject, _ keys: ObjectKeys, at path: String) {
        ConfigObject(object, file: file, path: path, memberPath: Self.path).check(keys, &self)
    }

    private mutating func typeMismatch<T>(_ value: JSONValue, _ expected: String, at path: String) -> T? {
        report(path, "must be \(expected), not \(value.kindName)")
        return nil
    }

    /// `path.key`, or `path["key"]` when the key is not a plain identifier.
    static func path(_ path: String, _ key: String) -> String {
        let plain = key.first.map { !$0.isASCIIDigit } ?? false
            && key.allSatisfy { $0.isASCIIDigit || $0.isASCIILetter || $0 == "_" }
        if plain { return "\(path).\(key)" }
        let escaped = String(key.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] })
        return "\(path)[\"\(escaped)\"]"
    }
}
