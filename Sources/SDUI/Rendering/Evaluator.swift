/// Evaluates compiled templates against a scope: bindings, interpolation and directives.
/// A node yields a value or nothing (its key or array element disappears).
struct Evaluator {
    /// The request's experiment choices (experiment name → variant name).
    let variants: [String: String]
    /// The experiments, for the variant a template has no branch for.
    let rollout: RolloutConfig
    /// The request's locale for `$t` and `$format`; nil: they have no value.
    var localizer: Localizer? = nil
    /// The time the page renders as of (seconds since 1970), for `activeFrom`/`activeUntil`.
    var time: Double = 0
    /// Which sections the page serves as their placeholder, and the url they load from.
    var sections = SectionServing()

    /// The value of `node`, or nil when it has none.
    func value(_ node: TemplateNode, _ scope: Scope) -> Evaluated? {
        switch node {
        case .literal(let value, let bytes): return .literal(value, bytes: bytes)
        case .binding(let path): return scope.lookup(path)
        case .text(let parts):
            var text = ""
            for part in parts {
                switch part {
                case .literal(let literal): text += literal
                case .binding(let path):
                    guard let piece = scope.lookup(path)?.text else { return nil }
                    text += piece
                }
            }
            return .value(.string(text))
        case .array(let nodes):
            var out: [Evaluated] = []
            for node in nodes { elements(node, scope, into: &out) }
            return .array(out)
        case .object(let members):
            return .object(evaluate(members, scope))
        case .action(let members, let fallback):
            var action = evaluate(members, scope)
            // A fallback with no value drops the action, as an explicit `null` does.
            let replacement = value(fallback, Scope(members: action)) ?? .value(.null)
            action.append(EvaluatedMember(key: "fallback", keyBytes: Self.fallbackKey, value: replacement))
            return .object(action)
        case .component(let template):
            return component(template, scope).map(Evaluated.component)
        case .each, .splice, .pagedList:
            var out: [Evaluated] = []
            elements(node, scope, into: &out)
            return .array(out)
        case .conditional(let path, let then, let otherwise):
            return scope.branch(path, then: then, else: otherwise).flatMap { value($0, scope) }
        case .variant(let experiment, let branches):
            return value(choose(experiment, branches), scope)
        case .scheduled(let window, let node):
            return window.contains(time) ? value(node, scope) : nil
        case .section(let section):
            return shown(section, scope).flatMap { value($0.node, $0.scope) }.map { capturing(section, $0) }
        case .message(let key, let arguments):
            return localize { localizer in
                // A few arguments, looked up by a scan: no table is built and hashed per message.
                var values = JSONObject()
                let evaluated = evaluate(arguments, scope)
                values.members.reserveCapacity(evaluated.count)
                for member in evaluated {
                    if let value = member.value.jsonValue { values.members.append(JSONObject.Member(key: member.key, value: value)) }
                }
                return localizer.message(key, arguments: values)
            }
        case .format(let format):
            return localize { localizer in
                guard let input = value(format.value, scope)?.jsonValue, let style = style(format.style, scope) else { return nil }
                return localizer.format(input, style)
            }
        }
    }

    /// `"fallback":`, the key an evaluated action's own fallback goes under.
    private static let fallbackKey = Array(#""fallback":"#.utf8)

    /// The string `body` makes with the request's localizer, as a value; nil without one.
    private func localize(_ body: (Localizer) -> String?) -> Evaluated? {
        localizer.flatMap(body).map { .value(.string($0)) }
    }

    /// The format style with its currency code bound; nil when the code has no value.
    private func style(_ style: FormatTemplate.Style, _ scope: Scope) -> FormatStyle? {
        switch style {
        case .number: .number
        case .percent: .percent
        case .date(let dateStyle): .date(dateStyle)
        case .currency(let node): value(node, scope)?.text.map(FormatStyle.currency)
        }
    }

    /// Appends what `node` contributes to an enclosing array: directives splice, and an
    /// element with no value disappears.
    func elements(_ node: TemplateNode, _ scope: Scope, into out: inout [Evaluated]) {
        switch node {
        case .each(let path, let variable, let template):
            scope.forEach(path, as: variable) { inner in elements(template, inner, into: &out) }
        case .splice(let nodes):
            for node in nodes { elements(node, scope, into: &out) }
        case .conditional(let path, let then, let otherwise):
            if let branch = scope.branch(path, then: then, else: otherwise) { elements(branch, scope, into: &out) }
        case .variant(let experiment, let branches):
            elements(choose(experiment, branches), scope, into: &out)
        case .scheduled(let window, let node):
            if window.contains(time) { elements(node, scope, into: &out) }
        case .pagedList(let list):
            forPage(of: list, scope) { inner, mark in
                let start = out.count
                elements(list.template, inner, into: &out)
                for index in out.indices[start...] { out[index] = marking(out[index], mark) }
            } more: { inner, mark in
                if let more = value(list.more, inner) { out.append(marking(more, mark)) }
            }
        case .section(let section):
            guard let shown = shown(section, scope) else { return }
            let start = out.count
            elements(shown.node, shown.scope, into: &out)
            // A section yields at most one component.
            if out.count > start { out[start] = capturing(section, out[start]) }
        default:
            if let value = value(node, scope) { out.append(value) }
        }
    }

    /// A component with its id and data bound; nil when its id has no value.
    func component(_ template: ComponentTemplate, _ scope: Scope, id: String? = nil) -> EvaluatedComponent? {
        guard let id = id ?? value(template.id, scope)?.text else { return nil }
        return EvaluatedComponent(id: id, type: template.type, data: evaluate(template.data, scope),
                                  fallback: template.fallback, required: template.required)
    }

    private func evaluate(_ members: [TemplateMember], _ scope: Scope) -> [EvaluatedMember] {
        var out: [EvaluatedMember] = []
        out.reserveCapacity(members.count)
        // Through the buffer: template members are read in place, not copied one by one.
        members.withUnsafeBufferPointer { members in
            for index in members.indices {
                if let value = value(members[index].node, scope) {
                    out.append(EvaluatedMember(key: members[index].key, keyBytes: members[index].keyBytes, value: value))
                }
            }
        }
        return out
    }

    /// The branch for the request's variant; without one, the branch of the first variant
    /// listed in the experiment that has one (SPEC §3.1); else the template's first branch.
    func choose(_ experiment: String, _ branches: [VariantBranch]) -> TemplateNode {
        branches[chosenIndex(experiment, branches)].node
    }

    /// The index in `branches` of the branch `choose` takes.
    func chosenIndex(_ experiment: String, _ branches: [VariantBranch]) -> Int {
        func branch(_ name: String) -> Int? { branches.firstIndex(where: { $0.name == name }) }
        if let chosen = variants[experiment], let index = branch(chosen) { return index }
        for variant in rollout.experiment(named: experiment)?.variants ?? [] {
            if let index = branch(variant.name) { return index }
        }
        return 0
    }

    /// `value`, marked `captured` when it is the component of the section rendered alone.
    private func capturing(_ section: SectionTemplate, _ value: Evaluated) -> Evaluated {
        sections.captured == section.name ? marking(value, .section) : value
    }

    /// `value` with `mark`, when it is a component.
    private func marking(_ value: Evaluated, _ mark: CaptureMark) -> Evaluated {
        guard mark != .none, case .component(var component) = value else { return value }
        component.captured = mark
        return .component(component)
    }

    /// Runs `item` once per item of the page of `list` this render emits, in a scope binding
    /// the list's variable, then `more` in a scope binding `{{more.load}}` when the list goes on
    /// (not when `more`'s id has no value); both with the mark of an `_after` page's elements.
    func forPage<Failure: Error>(of list: PagedList, _ scope: Scope, item: (Scope, CaptureMark) throws(Failure) -> Void,
                                 more: (Scope, CaptureMark) throws(Failure) -> Void) throws(Failure) {
        guard let items = scope.lookup(list.items)?.elements else { return }
        var next: Evaluated?
        if case .cursor(let path, _) = list.paging { next = scope.lookup(path) }
        let page = sections.page(of: list, count: items.count, next: next)
        let mark = page.marked ? CaptureMark.item : .none
        var inner = scope
        for index in page.items {
            inner.bind(list.variable, items[index])
            try item(inner, mark)
            inner.unbindLast()
        }
        guard let url = page.moreURL, case .component(let template) = list.more,
              let target = value(template.id, scope)?.text else { return }
        inner.bind(MoreLoad.root, .value(.object(JSONObject([
            JSONObject.Member(key: "load", value: SectionServing.load(url: url, target: target, mode: "splice")),
        ]))))
        try more(inner, mark)
    }

    /// What stands in a section's place, and the scope it is evaluated in: its `then` in
    /// `scope`, or, deferred, its placeholder in `scope` with `{{section.load}}` bound (nil
    /// when the placeholder's id has no value).
    func shown(_ section: SectionTemplate, _ scope: Scope) -> (node: TemplateNode, scope: Scope)? {
        guard let placeholder = section.placeholder, sections.deferred.contains(section.name) else { return (section.then, scope) }
        guard let target = value(placeholder.id, scope)?.text else { return nil }
        var inner = scope
        inner.bind(SectionLoad.root, .value(.object(JSONObject([
            JSONObject.Member(key: "load", value: sections.load(section.name, target: target)),
        ]))))
        return (.component(placeholder), inner)
    }
}
