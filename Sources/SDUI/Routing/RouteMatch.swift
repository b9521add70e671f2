/// The result of routing a request path: the page and its route parameters.
public struct RouteMatch: Sendable, Hashable {
    /// The page name (`home`, `product`); a canary template is chosen later, by rollout.
    public var page: String
    /// The `:param` values by name.
    public var params: [String: String]
    /// Whether the page (or its canary) has `$section`s: only then does a request's query say
    /// anything of `_section` and `_after` (SPEC §10.1), read for no other page.
    public var hasSections: Bool

    public init(page: String, params: [String: String], hasSections: Bool = false) {
        self.page = page
        self.params = params
        self.hasSections = hasSections
    }
}
