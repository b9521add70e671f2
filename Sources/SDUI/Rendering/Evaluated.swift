/// A template value after binding, before negotiation: components stay components so that
/// negotiation can replace or drop them, and fallbacks can read the original data.
///
/// Not `indirect`: the nesting goes through arrays, whose elements live on the heap already,
/// so a node needs no box of its own (boxed, every evaluated node was one more allocation).
enum Evaluated: Sendable {
    /// A literal from the template, with its pre-encoded bytes.
    case literal(JSONValue, bytes: [UInt8])
    /// A value from data, params or interpolation.
    case value(JSONValue)
    case array([Evaluated])
    case object([EvaluatedMember])
    case component(EvaluatedComponent)

    /// The plain JSON value, when this is one.
    var jsonValue: JSONValue? {
        switch self {
        case .literal(let value, _), .value(let value): value
        default: nil
        }
    }

    /// The member `key` (objects) or element at a decimal index (arrays).
    func child(_ key: String) -> Evaluated? {
        switch self {
        case .literal(let value, _), .value(let value): return value.child(key).map(Evaluated.value)
        case .object(let members): return Self.member(key, of: members)
        case .array(let elements): return Int(key).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
        case .component: return nil
        }
    }

    /// The value of the member `key` of an evaluated object's `members`.
    static func member(_ key: String, of members: [EvaluatedMember]) -> Evaluated? {
        // Compared in place: `first(where:)` copies each member it passes.
        for index in members.indices where members[index].key == key { return members[index].value }
        return nil
    }

    /// Whether a component is anywhere inside (such a value has no plain JSON).
    var holdsComponents: Bool {
        switch self {
        case .literal, .value: false
        case .component: true
        case .array(let elements): elements.contains { $0.holdsComponents }
        case .object(let members): members.contains { $0.value.holdsComponents }
        }
    }

    /// The elements, when this is an array.
    var elements: [Evaluated]? {
        switch self {
        case .array(let elements): elements
        case .literal(.array(let values), _), .value(.array(let values)): values.map(Evaluated.value)
        default: nil
        }
    }

    /// Present and not null: what `$if` tests.
    var isPresent: Bool {
        if case .null? = jsonValue { return false }
        return true
    }

    /// The text that interpolation inserts: strings raw, numbers as written, booleans as
    /// `true`/`false`; nil (no textual value: the key disappears) for null, arrays, objects.
    var text: String? {
        switch jsonValue {
        case .string(let s)?: s
        case .number(let n)?: n
        case .bool(let b)?: b ? "true" : "false"
        default: nil
        }
    }
}

/// A member of an evaluated object or component data.
struct EvaluatedMember: Sendable {
    let key: String
    /// `"key":`, pre-encoded.
    let keyBytes: [UInt8]
    let value: Evaluated
}

/// A component after binding: its id resolved, its data evaluated, children not yet negotiated.
struct EvaluatedComponent: Sendable {
    var id: String
    var type: Int
    var data: [EvaluatedMember]
    var fallback: FallbackRule
    var required: Bool
    /// The component a section yielded whose bytes a render of that section alone takes from
    /// its page, or an item (or `more`) of the page of its list asked (`SectionServing`,
    /// `Assembler.capture`); its fallback inherits the mark.
    var captured = CaptureMark.none
}

/// What a render of a section alone takes from its page's bytes (`Assembler+Capture`).
enum CaptureMark: Sendable {
    case none
    /// The section's component.
    case section
    /// An item or the `more` of the page of its paged list asked with `_after` (SPEC §10.2).
    case item
}
