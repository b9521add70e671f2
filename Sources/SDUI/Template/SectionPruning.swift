/// A page's root with what can't change one section's answer taken out, worked out when Pages
/// load (`SectionPlace.prunedRoot`). A section fetched alone is its page's bytes where it
/// stands (SPEC §10.1), so `Site.renderSection` evaluates and negotiates the whole page; this
/// root lets it skip the elements, of the arrays on the way down to the section, that decide
/// nothing of that answer whenever the section's component is written:
///
/// - an element whose reach (`TemplateReach`) holds no `"required": true` component can't make
///   the page the upgrade page;
/// - the ids it serves can only drop a component served after it in document order (the first
///   one wins), so on a page whose ids may repeat (`PageTemplate.checksIDs`) it is taken out only
///   when none of its ids may equal one of those served after it (`IDPattern`) that stay;
/// - the arrays it leaves still hold the section's component (or a component holding it), so
///   they stay present and typed alike, and the components holding them are negotiated alike.
///   The walk goes down only through components that have no fallback (one could bind the
///   array by position) and through `$if`, `$variant`, schedules, objects and arrays.
///
/// Outside those arrays nothing is taken out, and the section itself is kept whole. When the
/// section's component is not written (it drops out, or something around it does), the pruned
/// page proves nothing: `Site.renderSection` then renders the whole page.
enum SectionPruning {
    /// `root` with the elements that can't change section `name`'s answer taken out; nil when
    /// there are none (or no such section).
    static func root(_ root: ComponentTemplate, section name: String, checksIDs: Bool, catalog: Catalog) -> ComponentTemplate? {
        var pruner = Pruner(section: name, checksIDs: checksIDs, catalog: catalog)
        guard Pruner.holds(.component(root), section: name), case .component(let pruned) = pruner.prune(.component(root)),
              pruner.removed > 0 else { return nil }
        return pruned
    }

    /// One walk from the root down to the section, each array's elements last to first, so that
    /// the ids served after an element (`later`) are known when it is looked at.
    private struct Pruner {
        let section: String
        let checksIDs: Bool
        let catalog: Catalog
        /// The ids of what stays and is served after the point the walk has reached.
        var later: [IDPattern] = []
        /// The elements taken out so far.
        var removed = 0

        init(section: String, checksIDs: Bool, catalog: Catalog) {
            self.section = section
            self.checksIDs = checksIDs
            self.catalog = catalog
        }

        /// `node`, which holds the section, with what can't change its answer taken out.
        mutating func prune(_ node: TemplateNode) -> TemplateNode {
            switch node {
            case .component(let template) where template.fallbackChain(catalog: catalog).isEmpty:
                let data = members(template.data)
                // A component is negotiated before its data: its id is served before theirs.
                later.append(IDPattern(template.id))
                return .component(ComponentTemplate(id: template.id, type: template.type, data: data, fallback: template.fallback,
                                                    required: template.required, site: template.site,
                                                    literalID: template.literalID, catalog: catalog))
            case .object(let members):
                return .object(self.members(members))
            case .array(let nodes):
                return .array(elements(nodes))
            case .splice(let nodes):
                return .splice(elements(nodes))
            case .conditional(let path, let then, let otherwise):
                let holding = then.map { Self.holds($0, section: section) } ?? false
                keep(holding ? otherwise : then)
                return holding ? .conditional(path, then: then.map { prune($0) }, else: otherwise)
                    : .conditional(path, then: then, else: otherwise.map { prune($0) })
            case .variant(let experiment, var branches):
                for index in branches.indices.reversed() {
                    if Self.holds(branches[index].node, section: section) {
                        branches[index] = VariantBranch(name: branches[index].name, node: prune(branches[index].node))
                    } else {
                        keep(branches[index].node)
                    }
                }
                return .variant(experiment: experiment, branches: branches)
            case .scheduled(let window, let inner):
                return .scheduled(window, prune(inner))
            default:
                // The section itself, or a component with a fallback: kept whole.
                keep(node)
                return node
            }
        }

        /// Data members, last to first: the one holding the section pruned, the others kept.
        private mutating func members(_ members: [TemplateMember]) -> [TemplateMember] {
            var members = members
            for index in members.indices.reversed() {
                guard Self.holds(members[index].node, section: section) else {
                    keep(members[index].node)
                    continue
                }
                var member = TemplateMember(key: members[index].key, node: prune(members[index].node))
                member.rule = members[index].rule
                members[index] = member
            }
            return members
        }

        /// An array's elements, last to first: the one holding the section pruned, those that
        /// can't change its answer taken out, the others kept.
        private mutating func elements(_ nodes: [TemplateNode]) -> [TemplateNode] {
            var kept: [TemplateNode] = []
            for node in nodes.reversed() {
                if Self.holds(node, section: section) {
                    kept.append(prune(node))
                    continue
                }
                let reach = TemplateReach(node, catalog: catalog)
                let idsMatter = checksIDs && reach.ids.contains { id in later.contains { $0.mayEqual(id) } }
                if reach.mayRequireUpgrade || idsMatter {
                    later += reach.ids
                    kept.append(node)
                } else {
                    removed += 1
                }
            }
            return kept.reversed()
        }

        /// Records that `node` (if any) stays, served before what the walk has seen.
        private mutating func keep(_ node: TemplateNode?) {
            guard let node else { return }
            later += TemplateReach(node, catalog: catalog).ids
        }

        /// Whether section `name` stands in `node`.
        static func holds(_ node: TemplateNode, section name: String) -> Bool {
            SectionPlace.all(in: node).contains { $0.section.name == name }
        }
    }
}
