/// One compiled page template (`pages/<name>.json`).
struct PageTemplate: Sendable {
    /// `home`, `home.canary`, `upgrade`, `not-found`.
    let name: String
    /// The route; nil for `upgrade` and `not-found`. A canary repeats its page's route.
    let route: Route?
    /// The query parameters it reads (`"query": ["q"]`), bound as `query.<name>` (SPEC §6.1).
    let query: [String]
    /// What its `url` sources take from the request (personal, forwarded header names).
    let forwarding: Forwarding
    /// `Cache-Control: max-age`; 0 when absent.
    let maxAge: Int
    /// `staleWhileRevalidate` and `staleIfError` (SPEC §12), for shared caches.
    let stale: StaleTimes
    /// The data entries in author order.
    let data: [DataEntry]
    /// The root `page` component.
    let root: ComponentTemplate
    /// Whether rendering must check that ids stay unique (`ComponentIDs.mayRepeat`).
    let checksIDs: Bool
    /// Its `$section`s in document order, each with the entries it binds (SPEC §10.1).
    var sections: [SectionPlace] = []
    /// Whether a section holds a paged list (SPEC §10.2): a render then knows the client's
    /// `load` and the sections' url.
    var hasPagedLists = false
    /// Whether a section's `then` has showable types proven (`SectionPlace.showable`): only
    /// then can it be absent for a client, and a request asks.
    var mayHaveAbsentSections = false
    /// The data entries bound outside every section's `then`: fetched however the page's
    /// sections are served.
    var entriesOutsideSections: Set<String> = []
    /// What the page takes from the request for each set of sections a request may leave
    /// unread (SPEC §6.2, §10.1) — served as placeholders (its `"defer": true` sections with any
    /// of its `"auto"` ones), or absent for the client (`SectionPlace.showable`) — worked out at
    /// load (`maxPrecomputedSections` bound the sets). A page that fetches none of their
    /// entries is neither made personal by their personal sources nor varies with their
    /// forwarded headers.
    var unreadForwarding: [Set<String>: Forwarding] = [:]
    /// The most sections that may or may not be read whose sets are all worked out at load (2^6 sets).
    static let maxPrecomputedSections = 6
    /// Every `activeFrom`/`activeUntil` instant in the template (seconds since 1970), sorted.
    let edges: [Double]

    /// The section called `name`, if the page has one.
    func section(named name: String) -> SectionPlace? {
        sections.first { $0.section.name == name }
    }

    /// The data entries a render reads when it reads none of the sections `unread` (served as
    /// placeholders, or absent for the client): the required entries, those bound outside every
    /// section's content, and those of the other sections.
    func entriesRead(unread: Set<String>) -> Set<String> {
        var entries = entriesOutsideSections
        for entry in data where entry.required { entries.insert(entry.name) }
        for place in sections where !unread.contains(place.section.name) { entries.formUnion(place.entries) }
        return entries
    }

    /// Whether this is a canary template (`home.canary`): never routed by itself.
    var isCanary: Bool { name.contains(".") }
}
