/// What the application needs to know of a page's section (SPEC §10.1) to decide a request:
/// its name, when it is deferred, and the data entries it binds.
public struct SectionInfo: Sendable {
    /// `[a-z0-9-]{1,64}`, unique within its page.
    public let name: String
    public let deferral: SectionDeferral
    /// The page's data entries its `then` (and the `$if`s around it) bind, in the page's order.
    public let entries: [String]
    /// Whether it holds a paged list, whose pages `_after` asks for (SPEC §10.2).
    public let paged: Bool
}
