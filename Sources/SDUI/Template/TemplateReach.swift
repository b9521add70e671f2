/// What a compiled node can put in a page, whatever the data and the client, worked out when
/// Pages load (`SectionPruning`): the ids its components can be served with, and whether a
/// `"required": true` component is among them (one a client can't render makes the page the
/// upgrade page). Every alternative counts (`$if` and `$variant` branches, a section's
/// placeholder, an `$each`'s template, a paged list's `more`), and so does every component a
/// fallback chain can bring, inline or the catalog's, as `Assembler` follows them (a fallback
/// takes its original's id; the components in its data have their own).
struct TemplateReach {
    /// The ids, as patterns; `.any` among them when the walk went deeper than `maxDepth`.
    private(set) var ids: [IDPattern] = []
    /// A `"required": true` component may be served (or the walk went deeper than `maxDepth`).
    private(set) var mayRequireUpgrade = false

    /// The deepest a walk goes through fallbacks within fallbacks before it assumes the worst
    /// (validation rejects fallback cycles; this only bounds a walk that meets one).
    private static let maxDepth = 64

    /// The reach of `node`.
    init(_ node: TemplateNode, catalog: Catalog) {
        add(node, catalog: catalog, depth: 0)
    }

    private mutating func add(_ node: TemplateNode, catalog: Catalog, depth: Int) {
        guard depth <= Self.maxDepth else {
            ids.append(.any)
            mayRequireUpgrade = true
            return
        }
        switch node {
        case .literal, .binding, .text, .message, .format, .action: break
        case .component(let template):
            ids.append(IDPattern(template.id))
            add(template, catalog: catalog, depth: depth)
        case .array(let nodes), .splice(let nodes):
            for node in nodes { add(node, catalog: catalog, depth: depth + 1) }
        case .object(let members):
            for member in members { add(member.node, catalog: catalog, depth: depth + 1) }
        case .each(_, _, let template), .scheduled(_, let template):
            add(template, catalog: catalog, depth: depth + 1)
        case .pagedList(let list):
            add(list.template, catalog: catalog, depth: depth + 1)
            add(list.more, catalog: catalog, depth: depth + 1)
        case .conditional(_, let then, let otherwise):
            for branch in [then, otherwise].compactMap({ $0 }) { add(branch, catalog: catalog, depth: depth + 1) }
        case .variant(_, let branches):
            for branch in branches { add(branch.node, catalog: catalog, depth: depth + 1) }
        case .section(let section):
            for alternative in section.alternatives { add(alternative, catalog: catalog, depth: depth + 1) }
        }
    }

    /// A component's own data, and the components of each fallback its chain may serve instead.
    private mutating func add(_ template: ComponentTemplate, catalog: Catalog, depth: Int) {
        mayRequireUpgrade = mayRequireUpgrade || template.required
        for member in template.data { add(member.node, catalog: catalog, depth: depth + 1) }
        for replacement in template.fallbackChain(catalog: catalog) {
            mayRequireUpgrade = mayRequireUpgrade || replacement.required
            for member in replacement.data { add(member.node, catalog: catalog, depth: depth + 1) }
        }
    }
}
