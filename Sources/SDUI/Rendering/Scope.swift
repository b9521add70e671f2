/// Bindings visible while evaluating: data entries, `params`, `$each` variables (innermost
/// last, so they shadow outer ones), or in a fallback the original component's data fields.
struct Scope: Sendable {
    private var names: [String] = []
    private var values: [Evaluated] = []

    /// An empty scope with room for a page's usual bindings (`params`, `query`, its data entries,
    /// a few `$each` variables) before its arrays grow.
    init() {
        names.reserveCapacity(8)
        values.reserveCapacity(8)
    }

    /// A scope whose bindings are `members` (a fallback's view of the original data).
    init(members: [EvaluatedMember]) {
        for member in members { bind(member.key, member.value) }
    }

    mutating func bind(_ name: String, _ value: Evaluated) {
        names.append(name)
        values.append(value)
    }

    /// Removes the innermost binding (the one `bind` added last).
    mutating func unbindLast() {
        names.removeLast()
        values.removeLast()
    }

    /// The value at `path`, or nil when it has none.
    func lookup(_ path: BindingPath) -> Evaluated? {
        guard let i = names.lastIndex(of: path.root) else { return nil }
        var value = values[i]
        for segment in path.segments.dropFirst() {
            guard let next = value.child(segment) else { return nil }
            value = next
        }
        return value
    }
}
