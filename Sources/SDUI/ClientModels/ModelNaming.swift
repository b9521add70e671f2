/// Identifiers for generated code from catalog names (`product-card`, `onAppear`, `2x`): the
/// words of a name are its runs of ASCII letters and digits; a type is their PascalCase, a
/// member their camelCase, a constant their UPPER_SNAKE_CASE. A result that is a keyword of the
/// language, or starts with a digit, is made valid; `NameScope` keeps names unique.
struct ModelNaming: Sendable {
    /// The language's reserved words, which get a `_` appended.
    let keywords: Set<String>

    /// `product-card` → `ProductCard`.
    func typeName(_ wire: String) -> String {
        valid(Self.words(wire).map(Self.capitalized).joined(), fallback: "Type", digitPrefix: "T")
    }

    /// `product-card` → `productCard`, `onAppear` → `onAppear`.
    func memberName(_ wire: String) -> String {
        let words = Self.words(wire)
        let first = words.first.map { $0.prefix(1).lowercased() + $0.dropFirst() } ?? ""
        return valid(first + words.dropFirst().map(Self.capitalized).joined(), fallback: "value", digitPrefix: "_")
    }

    /// `add-to-cart` → `ADD_TO_CART`, `onAppear` → `ON_APPEAR`.
    func constantName(_ wire: String) -> String {
        let words = Self.words(wire).flatMap(Self.camelWords)
        return valid(words.map { $0.uppercased() }.joined(separator: "_"), fallback: "VALUE", digitPrefix: "_")
    }

    /// `name` made an identifier: `fallback` for no name; `digitPrefix` before a leading digit
    /// (a type's differs from a member's, so the two never meet); `_` after a keyword.
    private func valid(_ name: String, fallback: String, digitPrefix: String) -> String {
        guard let first = name.utf8.first else { return fallback }
        if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) { return digitPrefix + name }
        return keywords.contains(name) ? name + "_" : name
    }

    /// The runs of ASCII letters and digits in `wire`.
    static func words(_ wire: String) -> [String] {
        wire.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
    }

    private static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// `onAppear` → `on`, `Appear`: the camel-case humps of one word.
    private static func camelWords(_ word: String) -> [String] {
        var words: [String] = [], current = ""
        for character in word {
            if character.isUppercase, !current.isEmpty, current.last.map({ !$0.isUppercase }) ?? false {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        return current.isEmpty ? words : words + [current]
    }

    /// Swift's keywords (and names whose plain use means something else).
    static let swift = ModelNaming(keywords: [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "async", "some", "any", "Type",
        "Protocol", "_",
    ])

    /// Kotlin's hard keywords.
    static let kotlin = ModelNaming(keywords: [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null",
        "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var",
        "when", "while", "_",
    ])
}

/// The names taken in one scope of generated code: `claim` returns a name not yet taken (the
/// wanted one, else with 2, 3, … appended) and takes it.
struct NameScope {
    private var taken: Set<String>

    /// A scope where `reserved` are already taken.
    init(reserved: Set<String> = []) { taken = reserved }

    mutating func claim(_ wanted: String) -> String {
        var name = wanted, counter = 2
        while taken.contains(name) {
            name = wanted + String(counter)
            counter += 1
        }
        taken.insert(name)
        return name
    }
}
