/// Where a `$section` stands in its page (SPEC §10.1), and the data entries it binds: those
/// its `then` binds, and those that decide whether it stands there at all (the `$if`s around
/// it, the plain fields of the components holding it, whose drop would take it along). Sections
/// don't stand inside `$each`, so the scope where one stands is the page's own.
struct SectionPlace: Sendable {
    let section: SectionTemplate
    /// The binding roots of what decides whether the section stands in its place.
    let contextRoots: Set<String>
    /// The page's data entries the section reads, in the page's order: what a request for the
    /// section alone loads, besides the required ones.
    var entries: [String] = []
    /// What the sources of the page's required entries and of `entries` take from the request:
    /// a section that binds no personal source is shared, even on a personal page.
    var forwarding = Forwarding.none
    /// The component types its `then` can show (`ShowableTypes`); nil when not proven. A client
    /// that renders none of them is shown nothing here whatever the data.
    var showable: [Int]?
    /// The page's root with what can't change this section's answer taken out
    /// (`SectionPruning`); nil when nothing can be.
    var prunedRoot: ComponentTemplate?

    /// Every section of the tree at `node`, in document order.
    static func all(in node: TemplateNode) -> [SectionPlace] {
        var places: [SectionPlace] = []
        var context = Set<String>()
        collect(node, &context, into: &places)
        return places
    }

    private static func collect(_ node: TemplateNode, _ context: inout Set<String>, into places: inout [SectionPlace]) {
        func under(_ roots: Set<String>, _ nodes: [TemplateNode]) {
            let saved = context
            context.formUnion(roots)
            for node in nodes { collect(node, &context, into: &places) }
            context = saved
        }
        switch node {
        case .section(let section): places.append(SectionPlace(section: section, contextRoots: context))
        case .component(let template):
            // The plain members decide whether the component (and so what it holds) is kept.
            let plain = template.data.filter { !$0.holdsComponents }.map(\.node) + [template.id]
            under(plain.reduce(into: Set<String>()) { $0.formUnion(BindingRoots.of($1, placeholders: false)) },
                  template.data.filter(\.holdsComponents).map(\.node))
        case .array(let nodes), .splice(let nodes): under([], nodes)
        case .object(let members): under([], members.map(\.node))
        case .each(_, _, let template): under([], [template])
        case .pagedList(let list): under([], [list.template, list.more])
        case .conditional(let path, let then, let otherwise): under([path.root], [then, otherwise].compactMap { $0 })
        case .variant(_, let branches): under([], branches.map(\.node))
        case .scheduled(_, let node): under([], [node])
        case .literal, .binding, .text, .message, .format, .action: break
        }
    }

    /// The binding roots of the section's `then` and of its context.
    var bindingRoots: Set<String> {
        BindingRoots.of(section.then, placeholders: false).union(contextRoots)
    }
}
