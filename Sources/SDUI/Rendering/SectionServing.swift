/// How one page render serves its sections (SPEC §10): which ones stand as their placeholder,
/// the url every section's `load` action starts with, and which page of a paged list it emits.
/// Empty for a page that defers none and has no paged list.
struct SectionServing: Sendable {
    /// The sections served as their placeholder.
    var deferred: Set<String> = []
    /// The page's path and declared query, which every `load` url starts with.
    var url = SectionURL()
    /// The section rendered alone (`Site.renderSection`): the component it yields is marked
    /// `captured`, so that assembly records where it is written in the page.
    var captured: String?
    /// `_after`: the section rendered alone is a page of its list from this item on, whose items
    /// and `more` are marked (`CaptureMark.item`); nil for the section or the page.
    var after: Int?
    /// Whether the client performs `load`: a paged list is then cut into pages (SPEC §10.2).
    var loads = false

    /// `{"type":"load","url":<url>,"target":<target>,"mode":<mode>}`.
    static func load(url: String, target: String, mode: String) -> JSONValue {
        .object(JSONObject([
            JSONObject.Member(key: "type", value: .string("load")),
            JSONObject.Member(key: "url", value: .string(url)),
            JSONObject.Member(key: "target", value: .string(target)),
            JSONObject.Member(key: "mode", value: .string(mode)),
        ]))
    }

    /// A deferred section's `{{section.load}}`: its url, replacing `target`.
    func load(_ section: String, target: String) -> JSONValue {
        Self.load(url: url.section(section), target: target, mode: "replace")
    }

    /// Which items of `list` this render emits, and the url of the page after them (nil: no
    /// `more`), given its `count` items and, for a backend's paging, the cursor `next` bound.
    func page(of list: PagedList, count: Int, next: Evaluated?) -> ListPage {
        let asked = captured == list.section ? after : nil
        let start = min(asked ?? 0, count)
        guard loads else { return ListPage(items: start..<count, marked: asked != nil, moreURL: nil) }
        switch list.paging {
        case .size(let size):
            let end = min(count, start + size)
            let more = end < count ? url.section(list.section, after: end) : nil
            return ListPage(items: start..<end, marked: asked != nil, moreURL: more)
        case .cursor(_, let parameter):
            let cursor = next?.text.flatMap { $0.isEmpty ? nil : $0 }
            let more = cursor.map { url.section(list.section, after: 0, setting: parameter, to: $0) }
            return ListPage(items: start..<count, marked: asked != nil, moreURL: more)
        }
    }
}

/// The page of a paged list one render emits (`SectionServing.page`).
struct ListPage {
    /// The indices of the items emitted.
    let items: Range<Int>
    /// They and `more` are the answer of an `_after` request (`CaptureMark.item`).
    let marked: Bool
    /// The url `more`'s `load` fetches; nil: no `more` (the list ends, or the client can't load).
    let moreURL: String?
}
