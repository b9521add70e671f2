/// The component types a section's `then` can put in its place, worked out when Pages load: a
/// client that renders none of them is shown nothing there whatever the data, so a page inline
/// for it need not fetch the entries only that section binds (SPEC §10.1, docs/DECISIONS.md
/// "Sections a client can never show").
///
/// Conservative: only shapes whose every outcome is known are analysed — a component, and
/// `$if`/`$variant`/scheduled nodes around components (an `$include` of one component is
/// already inlined as one). Anything else (a binding standing for a component, `$each`, a
/// spliced fragment) is nil: unknown, so never treated as absent. A `"required": true`
/// component is unknown too: left with no renderable type it makes the page the upgrade page
/// when its data are there and not when they aren't, so its data decide the answer.
enum ShowableTypes {
    /// The catalog type indices `node` can show, ascending, once through its fallback chains;
    /// nil when the shape is not one proven here.
    static func of(_ node: TemplateNode, catalog: Catalog) -> [Int]? {
        var types = Set<Int>()
        guard collect(node, catalog: catalog, into: &types) else { return nil }
        return types.sorted()
    }

    private static func collect(_ node: TemplateNode, catalog: Catalog, into types: inout Set<Int>) -> Bool {
        switch node {
        case .component(let template):
            guard !template.required else { return false }
            types.formUnion(chain(of: template, catalog: catalog))
            return true
        case .conditional(_, let then, let otherwise):
            return [then, otherwise].allSatisfy { branch in branch.map { collect($0, catalog: catalog, into: &types) } ?? true }
        case .variant(_, let branches):
            return branches.allSatisfy { collect($0.node, catalog: catalog, into: &types) }
        case .scheduled(_, let node):
            return collect(node, catalog: catalog, into: &types)
        case .literal, .binding, .text, .array, .object, .each, .pagedList, .splice, .message, .format, .action, .section:
            return false
        }
    }

    /// `template`'s type and every type its fallback chain may replace it with
    /// (`ComponentTemplate.fallbackChain`).
    static func chain(of template: ComponentTemplate, catalog: Catalog) -> Set<Int> {
        Set([template.type] + template.fallbackChain(catalog: catalog).map(\.type))
    }
}
