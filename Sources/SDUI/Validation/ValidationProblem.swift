/// One problem found in a Pages folder, printed as `file:json.path: message`
/// (`pages/home.json:$.root.data.children[4].type: unknown component type "carousell"`).
public struct ValidationProblem: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file, relative to the Pages folder (`catalog.json`, `pages/home.json`).
    public var file: String
    /// The JSON path inside the file (`$`, `$.root.data.children[4]`), or `$` with the line and
    /// column for invalid JSON; empty for a warning about the file as a whole.
    public var path: String
    public var message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `file:path: message`; `file: message` for a problem of the whole file (an empty path).
    public var description: String { path.isEmpty ? "\(file): \(message)" : "\(file):\(path): \(message)" }

    public static func < (a: ValidationProblem, b: ValidationProblem) -> Bool {
        (a.file, a.path, a.message) < (b.file, b.path, b.message)
    }
}
