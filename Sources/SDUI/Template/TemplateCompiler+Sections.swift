/// `$section` (SPEC §10.1): a part of a page that can be fetched alone, or served later as its
/// placeholder. Where it may stand (not inside `$each` or another section), what `then` may be
/// (one component, or a directive yielding at most one), and the placeholder's id and
/// `{{section.load}}` are checked here; a name's uniqueness per page and the catalog's `load`
/// action are checked by the loader, which sees the whole page (`PageSections`).
extension TemplateCompiler {
    /// `{ "$section": name, "defer"?, "placeholder"?, "then" }`.
    mutating func compileSection(_ object: JSONObject, _ file: String, _ path: String, _ context: Context) -> TemplateNode? {
        let allowed = allowOnly(["defer", "placeholder", "then"], in: object, "$section", file, path)
        guard context == .component else {
            report(file, path, "a $section stands where a component would")
            return nil
        }
        guard let name = object["$section"]?.stringValue, SectionTemplate.isName(name) else {
            report(file, path.key("$section"), "a section name is 1 to 64 characters a-z 0-9 -")
            return nil
        }
        if enclosure.inEach { report(file, path, "$section \"\(name)\" stands inside $each (its items repeat)") }
        if let outer = enclosure.section { report(file, path, "$section \"\(name)\" stands inside $section \"\(outer)\" (sections don't nest)") }
        let deferral = sectionDeferral(object["defer"], file, path.key("defer"))
        guard let thenValue = object["then"] else {
            report(file, path, "$section needs \"then\" (the section's component)")
            return nil
        }
        let listsBefore = pagedLists.count
        let then = enclosed({ $0.section = name }) { $0.compile(thenValue, file, path.key("then"), .component) }
        let lists = pagedLists[listsBefore...]
        if lists.count > 1 { report(file, path.key("then"), "a section holds one paged $each (its _after pages)") }
        if let then, !Self.yieldsAtMostOne(then) {
            report(file, path.key("then"), "a section's \"then\" is one component, or a directive that yields at most one")
        }
        var placeholder: ComponentTemplate?
        if let value = object["placeholder"] {
            placeholder = enclosed({ $0.section = name; $0.inPlaceholder = true }) {
                $0.plainComponent(value, file, path.key("placeholder"), "a placeholder is a component object")
            }
        } else if deferral != .never {
            report(file, path, "a deferred $section needs a \"placeholder\"")
        }
        if let placeholder, let then { checkPlaceholderID(placeholder, then, file, path.key("placeholder").key("id")) }
        guard allowed, let deferral, let then else { return nil }
        return .section(SectionTemplate(name: name, deferral: deferral, placeholder: placeholder, then: then,
                                        list: lists.first, site: SourceSite(file: file, path: path)))
    }

    /// A component standing in for content (a placeholder, a paged list's `more`): a component
    /// object, not a directive; nil, with `problem` reported, otherwise.
    mutating func plainComponent(_ value: JSONValue, _ file: String, _ path: String, _ problem: String) -> ComponentTemplate? {
        guard let component = value.objectValue, !component.keys.contains(where: { $0.hasPrefix("$") }) else {
            report(file, path, problem)
            return nil
        }
        return compileComponent(component, file, path)
    }

    /// `{{section.load}}` has a value only in a placeholder, and `load` is all a section binds.
    mutating func checkSectionLoad(_ binding: BindingPath, _ file: String, _ path: String) {
        if !enclosure.inPlaceholder {
            report(file, path, "{{\(binding)}} stands only in a $section's placeholder")
        } else if binding.segments != SectionLoad.path.segments {
            report(file, path, "a placeholder binds {{section.load}}, not {{\(binding)}}")
        }
    }

    /// `"defer"`: absent or false (never), true (always) or "auto"; nil after a problem.
    private mutating func sectionDeferral(_ value: JSONValue?, _ file: String, _ path: String) -> SectionTemplate.Deferral? {
        switch value {
        case nil, .bool(false)?: return .never
        case .bool(true)?: return .always
        case .string("auto")?: return .auto
        default:
            report(file, path, "\"defer\" is true, false or \"auto\"")
            return nil
        }
    }

    /// A placeholder stands where `then`'s component would: it has the same id (compared when
    /// both are literal).
    private mutating func checkPlaceholderID(_ placeholder: ComponentTemplate, _ then: TemplateNode, _ file: String, _ path: String) {
        guard case .literal(.string(let id), _) = placeholder.id else { return }
        for case .literal(.string(let other), _) in Self.topIDs(then) where other != id {
            report(file, path, "a placeholder has its section's id \"\(other)\", not \"\(id)\"")
        }
    }

    /// Whether `node` yields at most one component wherever it stands.
    static func yieldsAtMostOne(_ node: TemplateNode) -> Bool {
        switch node {
        case .component: true
        case .conditional(_, let then, let otherwise): [then, otherwise].allSatisfy { $0.map(yieldsAtMostOne) ?? true }
        case .variant(_, let branches): branches.allSatisfy { yieldsAtMostOne($0.node) }
        case .scheduled(_, let node): yieldsAtMostOne(node)
        case .splice(let nodes): nodes.count <= 1 && nodes.allSatisfy(yieldsAtMostOne)
        default: false
        }
    }

    /// The id templates of the components `node` may yield in its place.
    static func topIDs(_ node: TemplateNode) -> [TemplateNode] {
        switch node {
        case .component(let template): [template.id]
        case .conditional(_, let then, let otherwise): [then, otherwise].compactMap { $0 }.flatMap(topIDs)
        case .variant(_, let branches): branches.flatMap { topIDs($0.node) }
        case .scheduled(_, let node): topIDs(node)
        case .splice(let nodes): nodes.flatMap(topIDs)
        default: []
        }
    }
}

/// `{{section.load}}`: the `load` action a deferred section's placeholder carries (SPEC §10.1).
enum SectionLoad {
    /// The binding root a placeholder's scope adds.
    static let root = "section"
    static let path = BindingPath("section.load")!
}
