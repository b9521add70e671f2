/// Ordered header fields, as received or to be sent.
///
/// Names are compared case-insensitively (ASCII) and kept as given; duplicates are kept in
/// order, never merged, so a repeated `Content-Length` can't hide behind a dictionary.
public struct HTTPHeaders: Sendable, Sequence {
    /// One field: its name as written and its value (without surrounding whitespace).
    public typealias Element = (name: String, value: String)

    private var fields: [(name: String, value: String)]

    /// An empty list.
    public init() {
        fields = []
    }

    /// The given fields, in order.
    public init(_ fields: [(String, String)]) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// Appends a field, keeping any with the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// The first value for `name`, or nil.
    public subscript(_ name: String) -> String? {
        for field in fields where Self.equalNames(field.name, name) { return field.value }
        return nil
    }

    /// All values for `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.equalNames($0.name, name) }.map(\.value)
    }

    /// Whether any field is called `name`.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.equalNames($0.name, name) }
    }

    /// The number of fields, duplicates included.
    public var count: Int { fields.count }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// ASCII case-insensitive comparison of two field names, over their contiguous UTF-8 bytes
    /// (every header lookup of every request comes here).
    static func equalNames(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for index in 0..<x.count where x[index] != y[index] {
                    let folded = x[index] | 0x20
                    guard folded == y[index] | 0x20, folded >= UInt8(ascii: "a"), folded <= UInt8(ascii: "z") else {
                        return false
                    }
                }
                return true
            }
        }
    }

    /// Whether the comma-separated token lists of `name` contain `token` (case-insensitive),
    /// as for `Connection: keep-alive, Upgrade`.
    func containsToken(_ token: String, in name: String) -> Bool {
        for value in values(name) {
            for part in value.split(separator: ",") {
                let trimmed = part.trimmingASCIISpaces()
                if Self.equalNames(String(trimmed), token) { return true }
            }
        }
        return false
    }
}

extension Substring {
    /// Drops leading and trailing SP and HTAB.
    func trimmingASCIISpaces() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
