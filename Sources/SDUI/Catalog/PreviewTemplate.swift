/// A catalog type's `preview.html` (SPEC §13): how the preview draws the type, as the app
/// would, instead of a box of its fields. Parsed and checked once at load
/// (`PreviewTemplate.parse`); the preview expands it for each component of the type.
///
/// The template language, over the component's `data`:
/// - `{{path}}` — the value at a dot path (`image.url`), as text: a string as itself, a number
///   as its literal, a boolean as `true`/`false`; anything else, or no value, as nothing. The
///   caller escapes it (the preview per Unicode scalar), in text or in a quoted attribute value.
/// - `{{slot}}` — a name that is one of the type's slots (`{{children}}`, `{{items}}`) stands
///   for the slot's components as the preview draws them; only where text may stand.
/// - `{{#path}}…{{/path}}` — a section: once per element of an array, once for any other
///   value, never for no value, `null`, `false`, `""` or `[]`. Inside it a name is looked up in
///   the element first, then outwards (`{{#chips}}<span>{{label}}</span>{{/chips}}`).
/// - `{{^path}}…{{/path}}` — an inverted section: once when a section would not be drawn at all
///   (`{{^text}}{{amount}}{{/text}}`: the amount when there is no text).
public struct PreviewTemplate: Sendable {
    /// One piece of a template.
    indirect enum Part: Sendable {
        case markup(String)
        case value([String])
        case slot(String)
        /// A section's path, its body, and whether it is inverted (`{{^path}}`).
        case section([String], [Part], inverted: Bool)
    }

    let parts: [Part]

    /// The template expanded over `data` (a component's `data`): markup as written, each value
    /// through `escape`, each slot as `slot(name)` returns it.
    public func expand(_ data: JSONValue, escape: (String) -> String, slot: (String) -> String) -> String {
        var out = ""
        Self.expand(parts, scopes: [data], escape: escape, slot: slot, into: &out)
        return out
    }

    private static func expand(_ parts: [Part], scopes: [JSONValue], escape: (String) -> String, slot: (String) -> String,
                               into out: inout String) {
        for part in parts {
            switch part {
            case .markup(let text): out += text
            case .slot(let name): out += slot(name)
            case .value(let path): out += escape(lookup(path, scopes).flatMap(text) ?? "")
            case .section(let path, let body, let inverted):
                let elements = elements(lookup(path, scopes))
                if inverted {
                    if elements.isEmpty { expand(body, scopes: scopes, escape: escape, slot: slot, into: &out) }
                    continue
                }
                for element in elements {
                    expand(body, scopes: scopes + [element], escape: escape, slot: slot, into: &out)
                }
            }
        }
    }

    /// The value at `path`: its first name in the innermost scope that has it, then inwards.
    private static func lookup(_ path: [String], _ scopes: [JSONValue]) -> JSONValue? {
        guard var value = scopes.reversed().lazy.compactMap({ $0.child(path[0]) }).first else { return nil }
        for key in path.dropFirst() {
            guard let next = value.child(key) else { return nil }
            value = next
        }
        return value
    }

    /// What a section repeats over.
    private static func elements(_ value: JSONValue?) -> [JSONValue] {
        switch value {
        case nil, .null?, .bool(false)?, .string("")?: []
        case .array(let elements)?: elements
        case let value?: [value]
        }
    }

    private static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text), .number(let text): text
        case .bool(let bool): bool ? "true" : "false"
        default: nil
        }
    }
}
