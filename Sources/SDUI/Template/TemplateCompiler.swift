/// Compiles template JSON (pages, fragments, fallbacks) into `TemplateNode`s once per Pages
/// version, recording every problem with its file and JSON path.
///
/// Where a component is expected (the root, the elements of a slot, and what directives there
/// produce), an object without a `$` key is a component; elsewhere it is plain data.
///
/// The compiler owns what it learns while it compiles: the problems and warnings, the fragments
/// being expanded, the schedule edges and binding scope of the page at hand, the uses checked
/// later against rollout.json and strings/. Its extensions and the loader change them only through the
/// methods below, each named after what happened.
struct TemplateCompiler: ProblemReporter {
    /// Whether an object at this position is a component or plain data.
    enum Context { case value, component }

    let catalog: Catalog
    /// Fragment name to its parsed file.
    let fragments: [String: JSONValue]
    /// Every problem found so far.
    private(set) var problems = ProblemList()
    /// What does not fail validation: a binding path no record of its data file has (SPEC §13).
    private(set) var warnings = ProblemList()
    /// What the bindings of the page being compiled may name; nil outside a page, and where
    /// bindings name something else (a fallback's, an action fallback's original fields).
    private var scope: BindingScope?
    /// Whether an action field's value is being compiled: an action object's own `fallback`
    /// binds the action's fields there, not the page's (`TemplateCompiler+Actions`).
    private(set) var inActionField = false
    /// Fragments being expanded, innermost last (cycle detection).
    private var includeStack: [String] = []
    /// Every `$variant` compiled, for the check against rollout.json's experiments.
    private(set) var variantUses: [VariantUse] = []
    /// Every `$t` key and `$format` compiled, for the check against strings/ (SPEC §7.1).
    private(set) var localeUses: [LocaleUse] = []
    /// Where the value being compiled stands: inside `$each`, a `$section`, a placeholder.
    private(set) var enclosure = Enclosure()
    /// The `activeFrom`/`activeUntil` instants of the template being compiled (its schedule).
    private var scheduleEdges: [Double] = []
    /// Every literal component id compiled, numbered in order of first sight: assembly marks
    /// the ones it has served in a table of bits instead of hashing them into a set.
    private(set) var literalIDs: [String: Int] = [:]

    /// Every paged `$each` compiled, in order: a section takes those of its content.
    private(set) var pagedLists: [PagedList] = []

    /// Where a `$variant` names an experiment, and the variants it has branches for.
    struct VariantUse {
        let file: String
        let path: String
        let experiment: String
        let branches: [String]
    }

    /// What encloses the value being compiled, for the rules of where a `$section` and
    /// `{{section.load}}` may stand (SPEC §10.1).
    struct Enclosure {
        /// Inside an `$each`'s template (its items repeat: no section there).
        var inEach = false
        /// The `$section` being compiled, if any (sections don't nest).
        var section: String?
        /// Inside a section's `placeholder`, where `{{section.load}}` has a value.
        var inPlaceholder = false
        /// Inside a paged list's `more`, where `{{more.load}}` has a value (SPEC §10.2).
        var inMore = false
    }

    init(catalog: Catalog, fragments: [String: JSONValue]) {
        self.catalog = catalog
        self.fragments = fragments
    }

    /// Records a problem at `file:path`.
    mutating func report(_ file: String, _ path: String, _ message: String) {
        problems.report(file, path, message)
    }

    /// Compiles `body` with fragment `name` being expanded; nil, with an include cycle reported
    /// at `file:path`, when `name` is already being expanded.
    mutating func entering<T>(fragment name: String, from file: String, _ path: String, _ body: (inout Self) -> T?) -> T? {
        if let start = includeStack.firstIndex(of: name) {
            let cycle = includeStack[start...] + [name]
            report(file, path, "include cycle: \(cycle.joined(separator: " → "))")
            return nil
        }
        includeStack.append(name)
        defer { includeStack.removeLast() }
        return body(&self)
    }

    /// Compiles `body` with the enclosure changed by `change`, then restores it.
    mutating func enclosed<T>(_ change: (inout Enclosure) -> Void, _ body: (inout Self) -> T?) -> T? {
        let saved = enclosure
        change(&enclosure)
        defer { enclosure = saved }
        return body(&self)
    }

    /// Compiles a whole template (a page's root, a fragment) with a schedule of its own: the
    /// result and the sorted instants at which one of its windows opens or closes.
    mutating func scheduling<T>(_ body: (inout Self) -> T?) -> (value: T, edges: [Double])? {
        scheduleEdges = []
        guard let value = body(&self) else { return nil }
        return (value, scheduleEdges.sorted())
    }

    /// Compiles `fragments/<name>.json` on its own, as the top of a template.
    mutating func compileFragment(_ name: String) -> (node: TemplateNode, edges: [Double])? {
        guard let fragment = fragments[name] else { return nil }
        let file = "fragments/\(name).json"
        let compiled = scheduling { compiler in
            compiler.entering(fragment: name, from: file, "$") { $0.compile(fragment, file, "$", .component) }
        }
        return compiled.map { ($0.value, $0.edges) }
    }

    /// A window of the template being compiled opens or closes at these instants.
    mutating func scheduled(_ window: ActiveWindow) {
        scheduleEdges += [window.from, window.until].compactMap { $0 }
    }

    /// Compiles `body` as (part of) the page `scope` describes: its bindings are checked.
    mutating func binding<T>(in scope: BindingScope, _ body: (inout Self) -> T) -> T {
        let outer = self.scope
        self.scope = scope
        defer { self.scope = outer }
        return body(&self)
    }

    /// Compiles `body` where bindings name the fields of an original component or action, not
    /// the page's: they are not checked.
    mutating func unscoped<T>(_ body: (inout Self) -> T) -> T {
        let outer = scope
        scope = nil
        defer { scope = outer }
        return body(&self)
    }

    /// Compiles `body`, the value of an action field.
    mutating func actionField<T>(_ body: (inout Self) -> T) -> T {
        let outer = inActionField
        inActionField = true
        defer { inActionField = outer }
        return body(&self)
    }

    /// Compiles `body`, the template of an `$each` over `path` whose items are called `name`.
    mutating func iterating<T>(item name: String, over path: BindingPath, _ body: (inout Self) -> T) -> T {
        scope?.enter(item: name, over: path)
        defer { scope?.leaveItem() }
        return body(&self)
    }

    /// A binding was compiled at `file:path`, written as `written` (`{{prodct.title}}`): an
    /// unknown name, one bound only elsewhere and an undeclared input field are problems, a path
    /// no record has a warning; in a fragment, they name the including page or action, since
    /// another may bind the same path well.
    mutating func bound(_ binding: BindingPath, written: String, _ file: String, _ path: String) {
        guard let scope, let finding = scope.check(binding) else { return }
        let page = file == scope.file ? "" : (scope.owner == .page ? " on " : " in ") + scope.ownerDescription
        switch finding {
        case .unknownName(let name, let suggestion):
            report(file, path, "\"\(written)\": no data entry, parameter or item named \"\(name)\"\(page)\(Suggestion.note(suggestion))")
        case .boundElsewhere(let name) where scope.owner == .page:
            let place = file == scope.file ? "a page" : scope.ownerDescription
            report(file, path, "\"\(written)\": no \"\(name)\" on \(place) (only an action's ops bind \"\(name)\")")
        case .boundElsewhere(let name):
            let (place, they) = file == scope.file ? ("an action's ops", "they") : (scope.ownerDescription, "its ops")
            report(file, path, "\"\(written)\": no \"\(name)\" in \(place) (\(they) bind result, input and params)")
        case .undeclaredInput(let field, let suggestion):
            report(file, path, "\"\(written)\": \(scope.ownerDescription) declares no input \"\(field)\"\(Suggestion.note(suggestion))")
        case .noRecord(let dataFile, let recordPath, let suggestion):
            warnings.report(file, path, "warning: \"\(binding)\": no record of \(dataFile) has \"\(recordPath)\"\(page)"
                + Suggestion.note(suggestion))
        }
    }

    /// A paged `$each` was compiled.
    mutating func listed(_ list: PagedList) { pagedLists.append(list) }

    /// A `$variant` was compiled.
    mutating func used(_ variant: VariantUse) { variantUses.append(variant) }

    /// A `$t` or `$format` was compiled.
    mutating func used(_ locale: LocaleUse) { localeUses.append(locale) }

    /// The number of the literal component id `id`, given on first sight.
    mutating func number(literalID id: String) -> Int {
        if let number = literalIDs[id] { return number }
        literalIDs[id] = literalIDs.count
        return literalIDs.count - 1
    }
}

/// Where a template piece was written, for problems found after compilation.
struct SourceSite: Sendable, Hashable {
    let file: String
    let path: String
}
