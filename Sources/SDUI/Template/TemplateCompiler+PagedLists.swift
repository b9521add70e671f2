/// A paged `$each` (SPEC §10.2): `pageSize` (the server slices the list) or `next` and `cursor`
/// (the backend pages itself), and the `more` component standing after a page. Where one may
/// stand (in a section's content, one a section, not inside another `$each`), `{{more.load}}`
/// only in a `more`, and item-bound ids (ids stay unique across spliced pages) are checked here;
/// that `cursor` is a declared query parameter, by the loader (`placeSections`).
extension TemplateCompiler {
    /// The keys a paged `$each` may add to `as` and `template`.
    static let pagingKeys = ["pageSize", "next", "cursor", "more"]

    /// Whether `object`, an `$each`, says any of `pagingKeys`.
    static func isPaged(_ object: JSONObject) -> Bool {
        pagingKeys.contains { object[$0] != nil }
    }

    /// The paged list of the `$each` `object` over `items`, whose `template` compiled to
    /// `template`; nil after a problem.
    mutating func compilePagedList(_ object: JSONObject, items: BindingPath, variable: String, template: TemplateNode,
                                   _ file: String, _ path: String) -> TemplateNode? {
        guard let section = enclosure.section, !enclosure.inPlaceholder else {
            report(file, path, "a paged $each (pageSize, next, more) stands in a $section's \"then\"")
            return nil
        }
        var valid = !enclosure.inEach
        if !valid { report(file, path, "a paged $each doesn't stand inside another $each") }
        let paging = paging(object, file, path)
        for id in Self.topIDs(template) where !Self.binds(id, variable) {
            valid = false
            report(file, path.key("template").key("id"), "the ids of a paged $each's template bind the item (\"id\": \"x-{{\(variable).id}}\"): they stay unique across pages")
        }
        var more: ComponentTemplate?
        if let value = object["more"] {
            more = enclosed({ $0.inMore = true }) { $0.plainComponent(value, file, path.key("more"), "\"more\" is a component object") }
        } else {
            report(file, path, "a paged $each needs \"more\" (the component standing after a page)")
        }
        guard valid, let paging, let more else { return nil }
        let list = PagedList(items: items, variable: variable, template: template, paging: paging, more: more, section: section)
        listed(list)
        return .pagedList(list)
    }

    /// `{{more.load}}` has a value only in a paged list's `more`, and `load` is all it binds.
    mutating func checkMoreLoad(_ binding: BindingPath, _ file: String, _ path: String) {
        if !enclosure.inMore {
            report(file, path, "{{\(binding)}} stands only in a paged $each's \"more\"")
        } else if binding.segments != MoreLoad.path.segments {
            report(file, path, "\"more\" binds {{more.load}}, not {{\(binding)}}")
        }
    }

    /// `pageSize` (1…500), or `next` (a binding path) with `cursor` (a query parameter name).
    private mutating func paging(_ object: JSONObject, _ file: String, _ path: String) -> PagedList.Paging? {
        let next = object["next"], cursor = object["cursor"]
        if let size = object["pageSize"] {
            if next != nil || cursor != nil { report(file, path, "a paged $each says \"pageSize\" or \"next\" and \"cursor\", not both") }
            guard case .number(let text) = size, let count = Int(text), (1...PagedList.maxPageSize).contains(count) else {
                report(file, path.key("pageSize"), "\"pageSize\" is an integer from 1 to \(PagedList.maxPageSize)")
                return nil
            }
            return .size(count)
        }
        guard let next else {
            report(file, path, "\"more\" needs \"pageSize\" (the server pages the list) or \"next\" (the backend does)")
            return nil
        }
        guard let text = next.stringValue, let binding = BindingPath(text) else {
            report(file, path.key("next"), "\"next\" is the binding path of the backend's cursor, such as \"results.next\"")
            return nil
        }
        bound(binding, written: text, file, path.key("next"))
        guard let parameter = cursor?.stringValue, !parameter.isEmpty else {
            report(file, path.key("cursor"), "\"next\" needs \"cursor\": the declared query parameter the next page is asked with")
            return nil
        }
        return .cursor(next: binding, parameter: parameter)
    }

    /// Whether the id template `id` binds `variable` (the item).
    private static func binds(_ id: TemplateNode, _ variable: String) -> Bool {
        switch id {
        case .binding(let path): path.root == variable
        case .text(let parts): parts.contains { if case .binding(let path) = $0 { path.root == variable } else { false } }
        default: false
        }
    }
}
