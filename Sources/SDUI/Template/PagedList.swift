/// A paged `$each` (SPEC §10.2): a list in a section that a client performing `load` receives a
/// page at a time, with its `more` component standing after the items while some remain.
///
/// A class: the page's node and its section share it by reference.
final class PagedList: Sendable {
    /// How the list is cut into pages.
    enum Paging: Sendable, Equatable {
        /// `"pageSize"`: the server slices the bound array, `size` items a page.
        case size(Int)
        /// `"next"` and `"cursor"`: the backend pages itself; `next` is the bound value holding
        /// its cursor, `parameter` the declared query parameter the next page is asked with.
        case cursor(next: BindingPath, parameter: String)
    }

    /// The most items a `pageSize` asks for.
    static let maxPageSize = 500

    /// The array bound, and the variable each item is bound to.
    let items: BindingPath
    let variable: String
    /// Evaluated once per item, in a scope binding `variable`.
    let template: TemplateNode
    let paging: Paging
    /// The component standing after a page while items remain; it binds `{{more.load}}`.
    let more: TemplateNode
    /// The section the list stands in: the one its `load` url fetches.
    let section: String

    init(items: BindingPath, variable: String, template: TemplateNode, paging: Paging, more: ComponentTemplate, section: String) {
        self.items = items
        self.variable = variable
        self.template = template
        self.paging = paging
        self.more = .component(more)
        self.section = section
    }
}

/// `{{more.load}}`: the `load` action a paged list's `more` carries (SPEC §10.2).
enum MoreLoad {
    /// The binding root `more`'s scope adds.
    static let root = "more"
    static let path = BindingPath("more.load")!
}
