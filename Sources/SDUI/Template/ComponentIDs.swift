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
        case .literal, .binding, .text: return []
        case .array(let nodes), .splice(let nodes): return nodes.flatMap(ids)
        case .object(let members): return members.flatMap { ids($0.node) }
        case .component(let template):
            var own: [Occurrence] = []
            if case .literal(.string(let id), _) = template.id { own.append(Occurrence(id: id, site: template.site)) }
            return own + template.data.flatMap { ids($0.node) }
        case .each(_, _, let template): return ids(template)
        case .conditional(_, let then, let otherwise):
            return alternatives([then, otherwise].compactMap { $0 })
        case .variant(_, let branches): return alternatives(branches.map(\.node))
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
