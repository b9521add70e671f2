/// The first segments of every binding in a template tree: which of a page's data entries it
/// reads. A section's entries (SPEC §10.1), and what a page with deferred sections still
/// fetches, are worked out from them when Pages load.
enum BindingRoots {
    /// The roots bound in `node`. A `$section` counts with its `then` and, when `placeholders`,
    /// its placeholder; with `placeholders` false only its `then` (a section's own content).
    /// An inline fallback binds the original component's fields, not the page's: left out.
    static func of(_ node: TemplateNode, placeholders: Bool) -> Set<String> {
        var roots = Set<String>()
        collect(node, placeholders: placeholders, into: &roots)
        return roots
    }

    /// The roots bound in `node` outside the `then` of every section: what the page reads
    /// however its sections are served.
    static func outsideSections(_ node: TemplateNode) -> Set<String> {
        var roots = Set<String>()
        collect(node, placeholders: true, skippingThen: true, into: &roots)
        return roots
    }

    private static func collect(_ node: TemplateNode, placeholders: Bool, skippingThen: Bool = false, into roots: inout Set<String>) {
        func walk(_ node: TemplateNode) { collect(node, placeholders: placeholders, skippingThen: skippingThen, into: &roots) }
        switch node {
        case .literal: break
        case .binding(let path): roots.insert(path.root)
        case .text(let parts): for case .binding(let path) in parts { roots.insert(path.root) }
        case .array(let nodes), .splice(let nodes): nodes.forEach(walk)
        case .object(let members), .action(let members, _), .message(_, let members): members.forEach { walk($0.node) }
        case .component(let template):
            walk(template.id)
            template.data.forEach { walk($0.node) }
        case .each(let path, _, let template):
            roots.insert(path.root)
            walk(template)
        case .pagedList(let list):
            roots.insert(list.items.root)
            if case .cursor(let next, _) = list.paging { roots.insert(next.root) }
            walk(list.template)
            walk(list.more)
        case .conditional(let path, let then, let otherwise):
            roots.insert(path.root)
            [then, otherwise].compactMap { $0 }.forEach(walk)
        case .variant(_, let branches): branches.forEach { walk($0.node) }
        case .scheduled(_, let node): walk(node)
        case .format(let format):
            walk(format.value)
            if case .currency(let code) = format.style { walk(code) }
        case .section(let section):
            if placeholders, let placeholder = section.placeholder { walk(.component(placeholder)) }
            if !skippingThen { walk(section.then) }
        }
    }
}
