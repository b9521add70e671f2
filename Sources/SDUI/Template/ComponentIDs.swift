/// Literal component ids of a compiled page, for the duplicate-id rule. Ids with bindings
/// aren't literal. Alternatives (`$if` branches, `$variant` branches) may repeat an id among
/// themselves, since only one of them is served.
enum ComponentIDs {
    struct Occurrence {
        let id: String
        let site: SourceSite
    }

    /// Every literal id that repeats one seen before it (in document order).
    static func duplicates(in node: TemplateNode) -> [Occurrence] {
        var seen = Set<String>()
        var duplicates: [Occurrence] = []
        for occurrence in ids(node) where !seen.insert(occurrence.id).inserted {
            duplicates.append(occurrence)
        }
        return duplicates
    }

    private static func ids(_ node: TemplateNode) -> [Occurrence] {
        switch node {
        case .literal, .binding, .text, .message, .format, .action: return []
        case .scheduled(_, let node): return ids(node)
        case .array(let nodes), .splice(let nodes): return nodes.flatMap(ids)
        case .object(let members): return members.flatMap { ids($0.node) }
        case .component(let template):
            var own: [Occurrence] = []
            if case .literal(.string(let id), _) = template.id { own.append(Occurrence(id: id, site: template.site)) }
            return own + template.data.flatMap { ids($0.node) }
        case .each(_, _, let template): return ids(template)
        case .pagedList(let list): return ids(list.template) + ids(list.more)
        case .conditional(_, let then, let otherwise):
            return alternatives([then, otherwise].compactMap { $0 })
        case .variant(_, let branches): return alternatives(branches.map(\.node))
        case .section(let section): return alternatives(section.alternatives)
        }
    }

    /// Whether a served page can hold ids that validation couldn't see: an `$each` (its
    /// template repeats), an interpolated id, or a fallback (its template may bring components
    /// of its own). Only such pages pay for the request-time uniqueness check.
    static func mayRepeat(in node: TemplateNode, catalog: Catalog) -> Bool {
        switch node {
        case .literal, .binding, .text, .message, .format, .action: return false
        case .scheduled(_, let node): return mayRepeat(in: node, catalog: catalog)
        case .each, .pagedList: return true
        case .array(let nodes), .splice(let nodes): return nodes.contains { mayRepeat(in: $0, catalog: catalog) }
        case .object(let members): return members.contains { mayRepeat(in: $0.node, catalog: catalog) }
        case .conditional(_, let then, let otherwise):
            return [then, otherwise].contains { $0.map { mayRepeat(in: $0, catalog: catalog) } ?? false }
        case .variant(_, let branches): return branches.contains { mayRepeat(in: $0.node, catalog: catalog) }
        case .section(let section): return section.alternatives.contains { mayRepeat(in: $0, catalog: catalog) }
        case .component(let template):
            guard case .literal = template.id else { return true }
            switch template.fallback {
            case .replace: return true
            case .catalog where catalog[template.type].fallback != nil: return true
            case .catalog, .drop: break
            }
            return template.data.contains { mayRepeat(in: $0.node, catalog: catalog) }
        }
    }

    /// Branch ids, each id counted once across branches (but twice within one branch).
    private static func alternatives(_ nodes: [TemplateNode]) -> [Occurrence] {
        var result: [Occurrence] = []
        var before = Set<String>()
        for node in nodes {
            let branch = ids(node)
            result += branch.filter { !before.contains($0.id) }
            before.formUnion(branch.map(\.id))
        }
        return result
    }
}
