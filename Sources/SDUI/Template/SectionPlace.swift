/// Where a `$section` stands in its page (SPEC §10.1): the decisions on the way to it, and the
/// data entries it binds. Sections don't stand inside `$each`, so the scope where one stands is
/// the page's own: rendering it alone is taking the same decisions, then assembling `then`.
struct SectionPlace: Sendable {
    /// A decision on the way from the root to the section.
    enum Step: Sendable {
        /// `$if`: the section is in the `then` branch (`present`) or the `else` one.
        case when(BindingPath, present: Bool)
        /// `$variant`: the section is in the branch at `index`.
        case branch(experiment: String, branches: [VariantBranch], index: Int)
        /// `activeFrom`/`activeUntil` around it.
        case window(ActiveWindow)
    }

    let section: SectionTemplate
    let steps: [Step]
    /// The page's data entries the section's `then` and the steps bind, in the page's order:
    /// what a request for the section alone loads, besides the required ones.
    var entries: [String] = []
    /// What the sources of the page's required entries and of `entries` take from the request:
    /// a section that binds no personal source is shared, even on a personal page.
    var forwarding = Forwarding.none

    /// Every section of the tree at `node`, in document order, with the steps to it.
    static func all(in node: TemplateNode) -> [SectionPlace] {
        var places: [SectionPlace] = []
        var steps: [Step] = []
        collect(node, &steps, into: &places)
        return places
    }

    private static func collect(_ node: TemplateNode, _ steps: inout [Step], into places: inout [SectionPlace]) {
        func under(_ step: Step, _ node: TemplateNode?) {
            guard let node else { return }
            steps.append(step)
            collect(node, &steps, into: &places)
            steps.removeLast()
        }
        switch node {
        case .section(let section): places.append(SectionPlace(section: section, steps: steps))
        case .component(let template): for member in template.data { collect(member.node, &steps, into: &places) }
        case .array(let nodes), .splice(let nodes): for node in nodes { collect(node, &steps, into: &places) }
        case .object(let members): for member in members { collect(member.node, &steps, into: &places) }
        case .each(_, _, let template): collect(template, &steps, into: &places)
        case .conditional(let path, let then, let otherwise):
            under(.when(path, present: true), then)
            under(.when(path, present: false), otherwise)
        case .variant(let experiment, let branches):
            for (index, branch) in branches.enumerated() {
                under(.branch(experiment: experiment, branches: branches, index: index), branch.node)
            }
        case .scheduled(let window, let node): under(.window(window), node)
        case .literal, .binding, .text, .message, .format, .action: break
        }
    }

    /// The binding roots of the steps to the section and of its `then`.
    var bindingRoots: Set<String> {
        var roots = BindingRoots.of(section.then, placeholders: false)
        for case .when(let path, _) in steps { roots.insert(path.root) }
        return roots
    }
}
