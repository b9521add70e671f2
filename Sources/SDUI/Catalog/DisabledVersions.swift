/// A kill switch (SPEC §7.2): per platform, the client versions that must not receive a type
/// (a crash found in production), as exact versions or `{ "from", "below" }` ranges.
struct DisabledVersions: Sendable, Hashable {
    /// A half-open range `[from, below)`; an exact version is the range holding only it.
    struct Range: Sendable, Hashable {
        let from: SemanticVersion
        /// Nil for an exact version.
        let below: SemanticVersion?

        func contains(_ version: SemanticVersion) -> Bool {
            guard let below else { return version == from }
            return version >= from && version < below
        }
    }

    let ranges: [Platform: [Range]]

    /// Whether `client` is listed.
    func excludes(_ client: ClientVersion) -> Bool {
        ranges[client.platform]?.contains { $0.contains(client.version) } ?? false
    }

    /// Reads `{ "ios": ["5.3.0", { "from": "5.4.0", "below": "5.4.2" }] }` at `file:path`.
    static func read(_ value: JSONValue, _ file: String, _ path: String, _ problems: inout ProblemList) -> DisabledVersions {
        var ranges: [Platform: [Range]] = [:]
        guard let object = value.objectValue else {
            problems.report(file, path, "expected an object of platform version lists")
            return DisabledVersions(ranges: [:])
        }
        for member in object.members {
            let listPath = path.key(member.key)
            guard let platform = Platform(rawValue: member.key) else {
                problems.report(file, listPath, "unknown platform \"\(member.key)\" (ios, android, web)")
                continue
            }
            guard let items = member.value.arrayValue else {
                problems.report(file, listPath, "expected an array of versions and { \"from\", \"below\" } ranges")
                continue
            }
            for (i, item) in items.enumerated() {
                if let range = Self.range(item, file, listPath.index(i), &problems) { ranges[platform, default: []].append(range) }
            }
        }
        return DisabledVersions(ranges: ranges)
    }

    private static func range(_ item: JSONValue, _ file: String, _ path: String, _ problems: inout ProblemList) -> Range? {
        if let text = item.stringValue {
            guard let version = SemanticVersion(text) else {
                problems.report(file, path, "invalid version \(JSONWriter.describe(item)) (SemVer MAJOR.MINOR.PATCH)")
                return nil
            }
            return Range(from: version, below: nil)
        }
        guard let object = item.objectValue, Set(object.keys) == ["from", "below"],
              let from = object["from"]?.stringValue.flatMap(SemanticVersion.init),
              let below = object["below"]?.stringValue.flatMap(SemanticVersion.init)
        else {
            problems.report(file, path, "expected a version or { \"from\": version, \"below\": version }")
            return nil
        }
        guard from < below else {
            problems.report(file, path, "an empty range: \"from\" must be below \"below\"")
            return nil
        }
        return Range(from: from, below: below)
    }
}
