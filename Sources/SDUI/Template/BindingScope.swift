/// What the bindings of one page or action may start from, while its template compiles (SPEC
/// §13): a page's data entries, the names the server binds there, and the `$each` items around
/// the binding. A fragment compiles inside every page or action that includes it, so it is
/// checked against each.
///
/// A binding whose first part is none of them is an error, and so is one of a name the server
/// binds only elsewhere (`result` and `input` exist in an action's ops, never on a page; an
/// action has no `query`) or an `input` field the action does not declare: none of these can
/// ever have a value. One that walks into the records of a `file` source (or a `url` source's
/// `sample`) where no record has its path is a warning.
struct BindingScope {
    /// Whose template is compiled: what the server binds around it differs.
    enum Owner: Equatable {
        /// A page (`pages/<name>.json`) and the fragments it includes.
        case page
        /// An action's ops (`actions/<name>.json`) and the fragments they include, bound with
        /// `result`, `input` (its declared field names; nil when the action's `input` can't be
        /// read) and the page's `params` (SPEC §11).
        case action(inputs: Set<String>?)
    }

    /// Names the server binds on a page: route and query parameters, a section's and a paged
    /// list's `load` actions (`section`, `more`), the locale.
    static let pageNames = ["params", "query", "section", "more", "locale"]
    /// Names the server binds in an action's ops: the backend's `result`, the checked `input`,
    /// the page's `params`; `section`, `more` and `locale` as on a page (their own rules apply).
    static let actionNames = ["result", "input", "params", "section", "more", "locale"]

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
        /// The server binds the path's first part, but never where it stands (`result` on a
        /// page, `query` in an action).
        case boundElsewhere(String)
        /// The action declares no `input` field of this name (SPEC §11 refuses undeclared ones).
        case undeclaredInput(String, suggestion: String?)
        /// No record of `file` has `path` (from the record); `suggestion` is a member that is there.
        case noRecord(file: String, path: String, suggestion: String?)
    }

    /// The page's or action's name (`product`), for problems found in the fragments it includes.
    let page: String
    /// The page's or action's file (`pages/product.json`).
    let file: String
    /// Whether a page's or an action's template is compiled.
    let owner: Owner
    /// Each data entry, with the records of its source when they are known.
    private let entries: [String: Place?]
    /// The `$each` items around the binding being compiled, innermost last.
    private var items: [(name: String, place: Place?)] = []

    /// A page's scope: its data `entries`, with their sources' records when known.
    init(page: String, file: String, entries: [String: Place?]) {
        (self.page, self.file, self.entries, self.owner) = (page, file, entries, .page)
    }

    /// An action's scope: no data entries; `inputs`, the names of its declared input fields.
    init(action: String, file: String, inputs: Set<String>?) {
        (self.page, self.file, self.entries, self.owner) = (action, file, [:], .action(inputs: inputs))
    }

    /// The names the server binds where this scope's template stands.
    var serverNames: [String] {
        owner == .page ? Self.pageNames : Self.actionNames
    }

    /// `page "product"` or `action "add-to-cart"`, naming the including template in problems.
    var ownerDescription: String {
        owner == .page ? "page \"\(page)\"" : "action \"\(page)\""
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
    /// finding when its name is unknown or bound only elsewhere, when it names an input field
    /// the action does not declare, or when no record has the rest.
    private func walk(_ path: BindingPath) -> Result<Place?, Finding> {
        guard let start = start(of: path.root) else {
            if (Self.pageNames + Self.actionNames).contains(path.root) { return .failure(.boundElsewhere(path.root)) }
            let names = items.map(\.name) + Array(entries.keys) + serverNames
            return .failure(.unknownName(path.root, suggestion: Suggestion.closest(to: path.root, among: names)))
        }
        if path.root == "input", path.segments.count > 1, case .action(let inputs?) = owner,
           !items.contains(where: { $0.name == "input" }), !inputs.contains(path.segments[1]) {
            return .failure(.undeclaredInput(path.segments[1], suggestion: Suggestion.closest(to: path.segments[1], among: inputs)))
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
        return serverNames.contains(name) ? .some(nil) : nil
    }
}
