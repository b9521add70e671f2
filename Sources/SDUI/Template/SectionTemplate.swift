/// A compiled `$section` (SPEC §10.1): a part of a page that can be fetched alone, and served
/// later (as its `placeholder`) to a client that performs the `load` action.
///
/// A class: the page's node and its section table (`PageSections`) share it by reference.
final class SectionTemplate: Sendable {
    typealias Deferral = SectionDeferral

    /// `[a-z0-9-]{1,64}`, unique within the page.
    let name: String
    let deferral: Deferral
    /// What a deferred section is served as; it binds `{{section.load}}`. Nil only when the
    /// section is never deferred.
    let placeholder: ComponentTemplate?
    /// The section's content: one component, or a directive that yields at most one.
    let then: TemplateNode
    /// The paged `$each` in `then`, whose pages `_after` asks for (SPEC §10.2); at most one.
    let list: PagedList?
    /// Where the `$section` was written.
    let site: SourceSite

    init(name: String, deferral: Deferral, placeholder: ComponentTemplate?, then: TemplateNode, list: PagedList?, site: SourceSite) {
        self.name = name
        self.deferral = deferral
        self.placeholder = placeholder
        self.then = then
        self.list = list
        self.site = site
    }

    /// What may stand in the section's place: its placeholder (when it has one), then `then`.
    var alternatives: [TemplateNode] {
        (placeholder.map { [TemplateNode.component($0)] } ?? []) + [then]
    }

    /// Whether `name` is a section name: 1 to 64 of `a-z 0-9 -`.
    static func isName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }
}

/// When a page serves a section as its placeholder, to a client that performs `load`
/// (SPEC §10.1's `"defer"`).
public enum SectionDeferral: Sendable, Equatable {
    /// `"defer": false` (the default): always inline.
    case never
    /// `"defer": true`: always deferred.
    case always
    /// `"defer": "auto"`: deferred when one of its url entries has no fresh cached value.
    case auto
}
