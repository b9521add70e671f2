/// Sections a client can never be shown (docs/DECISIONS.md "Sections a client can never
/// show"): every component a section's `then` can yield has a type the client doesn't render,
/// with no fallback it renders (`SectionPlace.showable`, worked out at load), so the section
/// yields nothing for it whatever the data. A render for that client reads none of the entries
/// only such sections (and deferred ones) bind: the page is what it would be with them fetched,
/// without their personal sources or forwarded headers.
extension Site {
    /// The sections of `template` that show `client` nothing whatever the data: a bit per type
    /// they can show, looked up in the client's profile (types by `since`, `disabled` and
    /// capabilities, SPEC §2.1, §7.4). None for a template without sections.
    public func absentSections(template: String, client: ClientClass) -> Set<String> {
        guard let page = templates[template], page.mayHaveAbsentSections else { return [] }
        let renderable = classes.adopt(client).profile.renderable
        var absent = Set<String>()
        for place in page.sections {
            guard let types = place.showable, !types.contains(where: { renderable[$0] }) else { continue }
            absent.insert(place.section.name)
        }
        return absent
    }

    /// The sections of `template` a page render for `client` reads none of: `deferred` (served
    /// as placeholders) and those absent for it.
    public func unreadSections(template: String, client: ClientClass, deferred: Set<String>) -> Set<String> {
        deferred.union(absentSections(template: template, client: client))
    }
}
