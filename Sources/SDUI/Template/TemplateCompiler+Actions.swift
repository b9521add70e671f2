/// An action's own `fallback` (SPEC §7.4, §14): like the catalog's action fallbacks, it is
/// evaluated against the action's own fields, so an action object whose `fallback` has bindings
/// compiles to `.action` instead of a plain object (a literal fallback is the same in any scope).
extension TemplateCompiler {
    /// `node`, a value standing where actions are (an action field, an action fallback), with
    /// every action object in it that has a bound `fallback` compiled to `.action`.
    static func actionNode(_ node: TemplateNode) -> TemplateNode {
        switch node {
        case .object(let members):
            guard let index = members.firstIndex(where: { $0.key == "fallback" }) else { return node }
            if case .literal = members[index].node { return node }
            var fields = members
            let fallback = fields.remove(at: index)
            return .action(fields, fallback: actionNode(fallback.node))
        case .array(let nodes): return .array(nodes.map(actionNode))
        case .splice(let nodes): return .splice(nodes.map(actionNode))
        case .each(let path, let variable, let template): return .each(path, variable: variable, template: actionNode(template))
        case .conditional(let path, let then, let otherwise):
            return .conditional(path, then: then.map(actionNode), else: otherwise.map(actionNode))
        case .variant(let experiment, let branches):
            return .variant(experiment: experiment, branches: branches.map { VariantBranch(name: $0.name, node: actionNode($0.node)) })
        case .scheduled(let window, let node): return .scheduled(window, actionNode(node))
        case .literal, .binding, .text, .component, .message, .format, .action, .section, .pagedList: return node
        }
    }
}
