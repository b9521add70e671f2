/// The result of routing a request path: the page and its route parameters.
public struct RouteMatch: Sendable, Hashable {
    /// The page name (`home`, `product`); a canary template is chosen later, by rollout.
    public var page: String
    /// The `:param` values by name.
    public var params: [String: String]

    public init(page: String, params: [String: String]) {
        self.page = page
        self.params = params
    }
}
