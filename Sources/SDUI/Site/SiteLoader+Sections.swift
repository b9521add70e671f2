/// A page's sections, seen whole (SPEC §10.1): names unique within the page, a deferred section
/// only where the catalog declares the `load` action, and the data entries each one binds.
extension SiteLoader {
    /// The name of the action type a deferred section's placeholder carries.
    static let loadAction = "load"

    /// Finds `page`'s sections, checks them, and works out their entries, the types each can
    /// show, the page each renders alone from (`SectionPruning`), the page's entries bound
    /// outside every section, and what the page forwards for each set of sections a request can
    /// leave unread.
    mutating func placeSections(of page: inout PageTemplate, catalog: Catalog, sources: SourceTable) {
        var places = SectionPlace.all(in: .component(page.root))
        var seen = Set<String>()
        for index in places.indices {
            let section = places[index].section
            if !seen.insert(section.name).inserted {
                problems.report(section.site.file, section.site.path, "duplicate $section \"\(section.name)\" on page \"\(page.name)\"")
            }
            if section.deferral != .never, catalog.actions.index(of: Self.loadAction) == nil {
                problems.report(section.site.file, section.site.path.key("defer"),
                                "a deferred section needs the catalog's \"load\" action (actions.load)")
            }
            if case .cursor(_, let parameter)? = section.list?.paging, !page.query.contains(parameter) {
                problems.report(section.site.file, section.site.path,
                                "a paged $each's \"cursor\" \"\(parameter)\" is not a query parameter page \"\(page.name)\" declares")
            }
            let roots = places[index].bindingRoots
            places[index].entries = page.data.map(\.name).filter(roots.contains)
            let read = page.data.filter { $0.required || roots.contains($0.name) }
            places[index].forwarding = Forwarding(entries: read, sources: sources)
            places[index].showable = ShowableTypes.of(section.then, catalog: catalog)
            places[index].prunedRoot = SectionPruning.root(page.root, section: section.name, checksIDs: page.checksIDs,
                                                           catalog: catalog)
        }
        page.sections = places
        page.hasPagedLists = places.contains { $0.section.list != nil }
        page.mayHaveAbsentSections = places.contains { $0.showable != nil }
        guard !places.isEmpty else { return }
        let outside = BindingRoots.outsideSections(.component(page.root))
        page.entriesOutsideSections = Set(page.data.map(\.name).filter(outside.contains))
        for unread in Self.unreadSets(places) {
            page.unreadForwarding[unread] = Site.forwarding(of: page, unread: unread, sources: sources)
        }
    }

    /// The non-empty sets of sections a page request can leave unread, as far as they are worked
    /// out at load: for a client that `load`s, its `"defer": true` sections with any of those
    /// that may be deferred or absent; for one that doesn't, any of those that may be absent.
    /// Past `PageTemplate.maxPrecomputedSections` candidates, only the `"defer": true` set of the
    /// first kind (the others are worked out per request, `Site.forwarding(of:unread:)`).
    static func unreadSets(_ places: [SectionPlace]) -> Set<Set<String>> {
        func names(_ included: (SectionPlace) -> Bool) -> [String] { places.filter(included).map(\.section.name) }
        let always = Set(names { $0.section.deferral == .always })
        let loading = names { $0.section.deferral == .auto || ($0.section.deferral == .never && $0.showable != nil) }
        let absentable = names { $0.showable != nil }
        var sets = subsets(of: loading, with: always)
        sets.formUnion(subsets(of: absentable, with: []))
        sets.remove([])
        return sets
    }

    /// `fixed` with each subset of `names`; `fixed` alone past `PageTemplate.maxPrecomputedSections` names.
    private static func subsets(of names: [String], with fixed: Set<String>) -> Set<Set<String>> {
        guard names.count <= PageTemplate.maxPrecomputedSections else { return [fixed] }
        return Set((0..<(1 << names.count)).map { mask in
            fixed.union(names.indices.filter { mask & (1 << $0) != 0 }.map { names[$0] })
        })
    }
}
