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
    /// The data entries bound outside every section's `then`: fetched however the page's
    /// sections are served.
    var entriesOutsideSections: Set<String> = []
    /// What the page takes from the request for each set of sections a request may get as
    /// placeholders (SPEC §6.2, §10.1) — its `"defer": true` sections with any of its `"auto"`
    /// ones — worked out at load (`maxPrecomputedAutoSections` bound the sets). A client that
    /// `load`s them is served a page that fetches none of their entries, so their personal
    /// sources make it neither personal nor vary with their forwarded headers.
    var deferredForwarding: [Set<String>: Forwarding] = [:]
    /// The most `"auto"` sections whose placeholder sets are all worked out at load (2^6 sets).
    static let maxPrecomputedAutoSections = 6
    /// Every `activeFrom`/`activeUntil` instant in the template (seconds since 1970), sorted.
    let edges: [Double]

    /// The section called `name`, if the page has one.
    func section(named name: String) -> SectionPlace? {
        sections.first { $0.section.name == name }
    }

    /// The data entries a render reads when the sections `deferred` are served as placeholders:
    /// the required entries, those bound outside every section's content, and those of the
    /// sections served inline.
    func entriesRead(deferred: Set<String>) -> Set<String> {
        var entries = entriesOutsideSections
        for entry in data where entry.required { entries.insert(entry.name) }
        for place in sections where !deferred.contains(place.section.name) { entries.formUnion(place.entries) }
        return entries
    }

    /// Whether this is a canary template (`home.canary`): never routed by itself.
    var isCanary: Bool { name.contains(".") }
}
