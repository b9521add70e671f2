/// Why a JSON text could not be parsed, with the 1-based line and column of the offending byte.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line L, column C: message`, as `validate` prints it after `file:$: `.
    public var description: String { "line \(line), column \(column): \(message)" }
}
