/// What the bindings of one page may start from, while its template compiles (SPEC §13): its
/// data entries, the names the server binds, and the `$each` items around the binding. A
/// fragment compiles inside every page that includes it, so it is checked against each.
///
/// A binding whose first part is none of them is an error; one that walks into the records of
/// a `file` source (or a `url` source's `sample`) where no record has its path is a warning.
struct BindingScope {
    /// Names the server binds: route and query parameters, a section's and a paged list's
    /// `load` actions (`section`, `more`), an action's `result` and `input`, the locale.
    static let reserved = ["params", "query", "section", "more", "result", "input", "locale"]

    /// A place in a data file's records that a name stands for: a record itself (a data
    /// entry), or the elements of an array in one (an `$each` item).
    struct Place {
        let shape: RecordShape
        /// The data file (`data/products.json`), named in warnings.
        let file: String
        /// The path from a record to here (`items[]` for an item of `related.items`).
        let prefix: [String]
    }

    /// What is wrong with a binding.
    enum Finding: Error, Equatable {
        /// No entry, server binding or item has the path's first part.
        case unknownName(String, suggestion: String?)
        /// No record of `file` has `path` (from the record); `suggestion` is a member that is there.
        case noRecord(file: String, path: String, suggestion: String?)
    }

    /// The page's name (`product`), for problems found in the fragments it includes.
    let page: String
    /// The page's file (`pages/product.json`).
    let file: String
    /// Each data entry, with the records of its source when they are known.
    private let entries: [String: Place?]
    /// The `$each` items around the binding being compiled, innermost last.
    private var items: [(name: String, place: Place?)] = []

    init(page: String, file: String, entries: [String: Place?]) {
        (self.page, self.file, self.entries) = (page, file, entries)
    }

    /// Enters an `$each` over `path` whose items are called `name`.
    mutating func enter(item name: String, over path: BindingPath) {
        var place: Place?
        if case .success(let array?) = walk(path), let elements = array.shape.elements {
            var prefix = array.prefix
            prefix.append((prefix.popLast() ?? "") + "[]")
            place = Place(shape: elements, file: array.file, prefix: prefix)
        }
        items.append((name, place))
    }

    /// Leaves the innermost `$each`.
    mutating func leaveItem() { items.removeLast() }

    /// What is wrong with `path`; nil when it is fine (or can't be known before a request).
    func check(_ path: BindingPath) -> Finding? {
        if case .failure(let finding) = walk(path) { return finding }
        return nil
    }

    /// Where `path` leads in the records: nil when its values are only known per request; a
    /// finding when its name is unknown or no record has the rest.
    private func walk(_ path: BindingPath) -> Result<Place?, Finding> {
        guard let start = start(of: path.root) else {
            let names = items.map(\.name) + Array(entries.keys) + Self.reserved
            return .failure(.unknownName(path.root, suggestion: Suggestion.closest(to: path.root, among: names)))
        }
        guard var place = start else { return .success(nil) }
        for segment in path.segments.dropFirst() {
            guard let next = place.shape.child(segment) else {
                let suggestion = Suggestion.closest(to: segment, among: place.shape.members.keys)
                return .failure(.noRecord(file: place.file, path: (place.prefix + [segment]).joined(separator: "."),
                                          suggestion: suggestion.map { (place.prefix + [$0]).joined(separator: ".") }))
            }
            place = Place(shape: next, file: place.file, prefix: place.prefix + [segment])
        }
        return .success(place)
    }

    /// The records `name` stands for: nil when nothing has the name; `.some(nil)` when it is
    /// bound but its values are only known per request (a `url` source, `params`...).
    private func start(of name: String) -> Place?? {
        if let item = items.last(where: { $0.name == name }) { return .some(item.place) }
        if let entry = entries[name] { return .some(entry) }
        return Self.reserved.contains(name) ? .some(nil) : nil
    }
}
