/// The result of routing a request path: the page and its route parameters.
public struct RouteMatch: Sendable, Hashable {
    /// The page name (`home`, `product`); a canary template is chosen later, by rollout.
    public var page: String
    /// The `:param` values by name.
    public var params: [String: String]
    /// Whether the page (or its canary) has `$section`s: only then may a page be served with
    /// some of them deferred or absent for its client (SPEC §10.1), asked of no other page.
    public var hasSections: Bool
    /// The page's own sections (not its canary's), in document order: what `_section` may name,
    /// found here without looking the template up again.
    public var sections: [RoutedSection]

    public init(page: String, params: [String: String], hasSections: Bool = false, sections: [RoutedSection] = []) {
        self.page = page
        self.params = params
        self.hasSections = hasSections
        self.sections = sections
    }

    /// The section of the page called `name`, if it has one.
    public func section(named name: String) -> RoutedSection? {
        sections.first { $0.name == name }
    }
}

/// A section of a routed page, as a request for it alone needs to know it (SPEC §10.1).
public struct RoutedSection: Sendable, Hashable {
    /// `[a-z0-9-]{1,64}`, unique within its page.
    public let name: String
    /// Whether it holds a paged list, whose pages `_after` asks for (SPEC §10.2).
    public let paged: Bool
    /// What the sources it reads (with the page's required entries) take from the request.
    public let forwarding: Forwarding
}
