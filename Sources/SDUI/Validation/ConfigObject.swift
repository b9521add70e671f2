/// One JSON object of a Pages config file (catalog.json, sources.json, a page's header,
/// site.json, rollout.json…), read with its place in the file so that every problem names
/// `file:json.path`.
///
/// `check(_:_:)` holds its keys against the kind's `ObjectKeys`; the typed getters read one
/// member and report a value of the wrong type in the words `trellis validate` prints. An
/// absent member is not a problem for them (nil, or an empty array) unless they say so.
struct ConfigObject {
    /// Whether an integer may be zero.
    enum Count { case positive, nonNegative }

    let members: JSONObject
    /// The file, relative to the Pages folder.
    let file: String
    /// The object's JSON path in the file.
    let path: String
    private let memberPath: @Sendable (String, String) -> String

    /// `members` at `file:path`; `memberPath` extends the path by a key (rollout.json quotes
    /// keys its own way).
    init(_ members: JSONObject, file: String, path: String,
         memberPath: @escaping @Sendable (String, String) -> String = { $0.key($1) }) {
        self.members = members
        self.file = file
        self.path = path
        self.memberPath = memberPath
    }

    /// The object `value`, or nil with `expectation` reported at `file:path` when it is not one.
    init?(_ value: JSONValue, file: String, path: String, else expectation: String, _ problems: inout some ProblemReporter) {
        guard let object = value.objectValue else {
            problems.report(file, path, expectation)
            return nil
        }
        self.init(object, file: file, path: path)
    }

    subscript(key: String) -> JSONValue? { members[key] }

    /// The JSON path of member `key`.
    func path(_ key: String) -> String { memberPath(path, key) }

    /// Reports every key `keys` doesn't allow, at the key's path; true when there was none.
    @discardableResult
    func check(_ keys: ObjectKeys, _ problems: inout some ProblemReporter) -> Bool {
        var clean = true
        for key in members.keys where !keys.allows(key) {
            problems.report(file, path(key), keys.unknownKeyMessage(key))
            clean = false
        }
        return clean
    }

    /// The boolean member `key`; nil when absent or (reported) not `true`/`false`.
    func bool(_ key: String, _ problems: inout some ProblemReporter) -> Bool? {
        guard let value = members[key] else { return nil }
        guard let bool = value.boolValue else {
            problems.report(file, path(key), "expected true or false")
            return nil
        }
        return bool
    }

    /// The integer member `key`; nil when absent or (reported) not a `count` integer.
    func int(_ key: String, _ count: Count, _ problems: inout some ProblemReporter) -> Int? {
        guard let value = members[key] else { return nil }
        guard let int = value.intValue, count == .nonNegative ? int >= 0 : int > 0 else {
            problems.report(file, path(key), "expected a \(count == .nonNegative ? "non-negative" : "positive") integer")
            return nil
        }
        return int
    }

    /// The string member `key`, or nil with `expectation` reported when it is absent or not a string.
    func string(_ key: String, else expectation: String, _ problems: inout some ProblemReporter) -> String? {
        guard let string = members[key]?.stringValue else {
            problems.report(file, path(key), expectation)
            return nil
        }
        return string
    }

    /// The array-of-strings member `key`; empty when absent or (reported) something else.
    func strings(_ key: String, _ problems: inout some ProblemReporter) -> [String] {
        guard let value = members[key] else { return [] }
        guard let array = value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
            problems.report(file, path(key), "expected an array of strings")
            return []
        }
        return array.compactMap(\.stringValue)
    }

    /// The object member `key`; nil when absent or (with `expectation` reported) not an object.
    func object(_ key: String, else expectation: String, _ problems: inout some ProblemReporter) -> ConfigObject? {
        guard let value = members[key] else { return nil }
        guard let object = value.objectValue else {
            problems.report(file, path(key), expectation)
            return nil
        }
        return ConfigObject(object, file: file, path: path(key), memberPath: memberPath)
    }
}
