/// A page's route: `/literal` and `:param` segments (`/product/:id`, or `/` for no segment).
struct Route: Sendable, Hashable {
    /// One segment of a route.
    enum Segment: Sendable, Hashable {
        case literal(String)
        case param(String)
    }

    let text: String
    let segments: [Segment]

    /// The route's shape: params are interchangeable, so `/product/:id` and `/product/:sku` clash.
    var shape: String {
        segments.map { if case .literal(let s) = $0 { "/" + s } else { "/:" } }.joined()
    }

    /// Parses a route, or explains what is wrong with it.
    static func parse(_ text: String) -> Result<Route, RouteSyntaxError> {
        guard text.hasPrefix("/") else { return .failure(.init(message: "a route starts with \"/\"")) }
        if text == "/" { return .success(Route(text: text, segments: [])) }
        var segments: [Segment] = []
        var names = Set<String>()
        for part in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            if part.first == ":" {
                let name = String(part.dropFirst())
                guard !name.isEmpty, name.utf8.allSatisfy(isNameByte) else {
                    return .failure(.init(message: "invalid parameter \"\(part)\" (letters, digits, _)"))
                }
                guard names.insert(name).inserted else { return .failure(.init(message: "parameter \":\(name)\" appears twice")) }
                segments.append(.param(name))
            } else {
                guard !part.isEmpty else { return .failure(.init(message: "empty segment in route \"\(text)\"")) }
                guard part.utf8.allSatisfy(isValueByte) else {
                    return .failure(.init(message: "invalid segment \"\(part)\" (use A-Z a-z 0-9 . _ ~ -)"))
                }
                segments.append(.literal(String(part)))
            }
        }
        return .success(Route(text: text, segments: segments))
    }

    /// `[A-Za-z0-9._~-]`: the bytes a parameter value (and a literal segment) may hold.
    static func isValueByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "-")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "_")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}

/// Why a route string is invalid.
struct RouteSyntaxError: Error {
    let message: String
}
