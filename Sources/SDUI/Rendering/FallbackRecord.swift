/// One component replaced or dropped for a client (SPEC §8.2): where it stands in the served
/// body, what it was, what it became and why. `render --explain` prints them and the preview
/// outlines them; they are only recorded when asked for (`Site.render(explain:)`).
public struct FallbackRecord: Sendable, Hashable {
    /// The JSON path in the served body (`$.data.children[3]`): of the replacement, or, for a
    /// dropped component, the place it would have taken (the index of the element after it).
    public var path: String
    /// The original component's id (a fallback keeps it): what an author searches the
    /// template for, since a dropped component leaves no id in the body to find.
    public var id: String
    /// The original component's type.
    public var originalType: String
    /// The type served in its place; nil when it was dropped.
    public var servedType: String?
    /// Why the client can't render the original type.
    public var reason: FallbackReason

    public init(path: String, id: String, originalType: String, servedType: String?, reason: FallbackReason) {
        self.path = path
        self.id = id
        self.originalType = originalType
        self.servedType = servedType
        self.reason = reason
    }

    /// `$.data.children[3] (id deals-carousel) carousel -> column (ios/4.9.0 < since 5.0.0)`,
    /// or `$.data.children[5] (id promo-video) video dropped (no client version)`.
    public var line: String {
        let change = servedType.map { "-> " + $0 } ?? "dropped"
        return "\(path) (id \(id)) \(originalType) \(change) (\(reason))"
    }
}

extension FallbackRecord {
    /// The path of member `key` of the value at `path`, spelled as records spell it.
    public static func path(_ path: String, key: String) -> String { path.key(key) }

    /// The path of element `index` of the array at `path`, spelled as records spell it.
    public static func path(_ path: String, index: Int) -> String { path.index(index) }
}
