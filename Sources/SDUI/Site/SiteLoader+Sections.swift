/// A page's sections, seen whole (SPEC §10.1): names unique within the page, a deferred section
/// only where the catalog declares the `load` action, and the data entries each one binds.
extension SiteLoader {
    /// The name of the action type a deferred section's placeholder carries.
    static let loadAction = "load"

    /// Finds `page`'s sections, checks them, and works out their entries, the page's entries
    /// bound outside every section, and what the page forwards with its `"defer": true`
    /// sections deferred.
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
        }
        page.sections = places
        page.hasPagedLists = places.contains { $0.section.list != nil }
        guard !places.isEmpty else { return }
        let outside = BindingRoots.outsideSections(.component(page.root))
        page.entriesOutsideSections = Set(page.data.map(\.name).filter(outside.contains))
        let always = Set(places.filter { $0.section.deferral == .always }.map(\.section.name))
        let auto = places.filter { $0.section.deferral == .auto }.map(\.section.name)
        guard !always.isEmpty || !auto.isEmpty else { return }
        // Every set a request can get: the `true` ones with any subset of the `auto` ones.
        let autoSets = auto.count <= PageTemplate.maxPrecomputedAutoSections ? 1 << auto.count : 1
        for mask in 0..<autoSets {
            let deferred = always.union(auto.indices.filter { mask & (1 << $0) != 0 }.map { auto[$0] })
            guard !deferred.isEmpty else { continue }
            page.deferredForwarding[deferred] = Site.forwarding(of: page, deferred: deferred, sources: sources)
        }
    }
}
