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
        names.reserveCapacity(members.count)
        values.reserveCapacity(members.count)
        for member in members { bind(member.key, member.value) }
    }

    mutating func bind(_ name: String, _ value: Evaluated) {
        names.append(name)
        values.append(value)
    }

    /// Runs `body` once per element of the array at `path`, in a scope where `variable` names
    /// it (innermost); not at all when `path` has no array. One inner scope whose last binding
    /// each element replaces: copying the scope per element copied both of its arrays each time.
    func forEach<Failure: Error>(_ path: BindingPath, as variable: String,
                                 _ body: (Scope) throws(Failure) -> Void) throws(Failure) {
        guard let items = lookup(path)?.elements else { return }
        var inner = self
        for item in items {
            inner.bind(variable, item)
            try body(inner)
            inner.unbindLast()
        }
    }

    /// The branch a `$if` on `path` takes: `then` when the binding is present and not null,
    /// else `otherwise` (either may be absent).
    func branch(_ path: BindingPath, then: TemplateNode?, else otherwise: TemplateNode?) -> TemplateNode? {
        lookup(path)?.isPresent == true ? then : otherwise
    }

    /// Removes the innermost binding (the one `bind` added last).
    mutating func unbindLast() {
        names.removeLast()
        values.removeLast()
    }

    /// The value at `path`, or nil when it has none.
    func lookup(_ path: BindingPath) -> Evaluated? {
        let segments = path.segments
        guard let i = index(of: segments[0]) else { return nil }
        var next = 1
        // Plain JSON (data, params) is walked as JSON, matched in place: no step of it is
        // wrapped as an `Evaluated` or copied out.
        if case .value(var json) = values[i] {
            while next < segments.count {
                guard let child = json.child(segments[next]) else { return nil }
                json = child
                next += 1
            }
            return .value(json)
        }
        var value = values[i]
        while next < segments.count {
            guard let child = value.child(segments[next]) else { return nil }
            value = child
            next += 1
        }
        return value
    }

    /// The innermost binding called `name`. Lengths are compared first: most names differ in
    /// length, and comparing two different strings is the slow part of `==`.
    private func index(of name: String) -> Int? {
        let length = name.utf8.count
        var index = names.count - 1
        while index >= 0 {
            if names[index].utf8.count == length && names[index] == name { return index }
            index -= 1
        }
        return nil
    }
}
