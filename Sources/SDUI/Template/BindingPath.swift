/// A dot-separated binding path inside `{{ }}`: `product.title`, `params.id`, `item.images.0`.
/// The first segment names a binding (a data entry, `params`, an `$each` variable, or in a
/// fallback a field of the original component); the rest walk object keys (and array indices).
struct BindingPath: Sendable, Hashable, CustomStringConvertible {
    let segments: [String]

    /// Parses `a.b.c` (surrounding spaces allowed); nil when a segment is empty or holds
    /// whitespace or braces.
    init?<S: StringProtocol>(_ text: S) {
        let trimmed = text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()
        let parts = String(trimmed).split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty else { return nil }
        for part in parts {
            guard !part.isEmpty, !part.contains(where: { $0 == " " || $0 == "{" || $0 == "}" || $0.isNewline || $0 == "\t" })
            else { return nil }
        }
        segments = parts.map(String.init)
    }

    /// The binding the path starts from.
    var root: String { segments[0] }

    var description: String { segments.joined(separator: ".") }
}

/// A piece of an interpolated string: literal text or a binding.
enum TextPart: Sendable {
    case literal(String)
    case binding(BindingPath)
}

/// Splits strings with `{{path}}` interpolations.
enum Interpolation {
    /// The parts of `text`, or an error message for an unterminated `{{` or a bad path.
    static func parse(_ text: String) -> Result<[TextPart], InterpolationError> {
        var parts: [TextPart] = []
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            if open.lowerBound > rest.startIndex { parts.append(.literal(String(rest[..<open.lowerBound]))) }
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.firstRange(of: "}}") else {
                return .failure(InterpolationError(message: "unterminated \"{{\" in \"\(text)\""))
            }
            let inner = afterOpen[..<close.lowerBound]
            guard let path = BindingPath(inner) else {
                return .failure(InterpolationError(message: "invalid binding \"{{\(inner)}}\""))
            }
            parts.append(.binding(path))
            rest = afterOpen[close.upperBound...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        return .success(parts)
    }
}

/// Why a string's interpolations could not be parsed.
struct InterpolationError: Error {
    let message: String
}
