/// The keys one kind of config object may have (a page, a data entry, a source, a component,
/// a rollout canary…), and the words a problem uses for a key it may not have.
///
/// Each kind is declared once, next to the code that reads it, and `ConfigObject.check(_:_:)`
/// holds every object of that kind against it. Config files are strict: a misspelt key would
/// otherwise be silently ignored.
struct ObjectKeys: Sendable {
    /// What the parenthesis after an unknown key says.
    enum Listing: Sendable {
        /// The allowed keys, in declaration order: `(route, maxAge, query, data, root)`.
        case names
        /// No parenthesis.
        case none
        /// A text of its own: `(type, data; the id is kept)`.
        case note(String)
    }

    private enum Wording: Sendable {
        /// `unknown key "k" in a page (route, maxAge)`; the noun and the parenthesis optional.
        case named(noun: String?, listing: Listing)
        /// rollout.json's words: `unknown key (expected one of page, percent)`.
        case expectedOneOf
    }

    /// The keys allowed.
    let names: [String]
    private let wording: Wording

    /// `unknown key "k" in <noun> (<listing>)`; without a noun, `unknown key "k" (<listing>)`.
    init(_ names: [String], in noun: String? = nil, listing: Listing = .names) {
        self.names = names
        self.wording = .named(noun: noun, listing: listing)
    }

    private init(_ names: [String], wording: Wording) {
        self.names = names
        self.wording = wording
    }

    /// rollout.json's wording: `unknown key (expected one of <names>)`, the key in the path only.
    static func expectingOneOf(_ names: [String]) -> ObjectKeys {
        ObjectKeys(names, wording: .expectedOneOf)
    }

    /// Whether an object of this kind may hold `key`.
    func allows(_ key: String) -> Bool { names.contains(key) }

    /// The problem's message for a key an object of this kind may not hold.
    func unknownKeyMessage(_ key: String) -> String {
        switch wording {
        case .expectedOneOf:
            return "unknown key (expected one of \(names.joined(separator: ", ")))"
        case .named(let noun, let listing):
            var message = "unknown key \"\(key)\""
            if let noun { message += " in \(noun)" }
            switch listing {
            case .names: message += " (\(names.joined(separator: ", ")))"
            case .none: break
            case .note(let note): message += " (\(note))"
            }
            return message
        }
    }
}
