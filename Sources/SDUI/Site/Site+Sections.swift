import Foundation

/// Sections of a page (SPEC §10.1): which a page serves as placeholders for a client, which
/// data entries a request then needs, and a section rendered alone.
extension Site {
    /// What a section fetched alone is for a client.
    public enum SectionOutcome: Sendable {
        /// The section's component, assembled and negotiated as in its page.
        case component(RenderedPage)
        /// Nothing stands in the section's place for this client (204): an empty body with what
        /// was replaced or dropped there for it (`X-Fallbacks`, SPEC §4.1: the section's component
        /// dropped for want of a renderable fallback counts; a data-driven drop, a false `$if` or
        /// another `$variant` branch doesn't).
        case nothing(RenderedPage)
        /// A `"required": true` component in it can't be rendered: the page is the upgrade page.
        case upgradeRequired
    }

    /// The sections of `template`, in document order; none for an unknown template.
    public func sections(of template: String) -> [SectionInfo] {
        (templates[template]?.sections ?? []).map {
            SectionInfo(name: $0.section.name, deferral: $0.section.deferral, entries: $0.entries, paged: $0.section.list != nil)
        }
    }

    /// What the sources section `name` of `template` reads (with the page's required entries)
    /// take from the request; the page's own forwarding for an unknown section.
    public func forwarding(of template: String, section name: String) -> Forwarding {
        templates[template]?.section(named: name)?.forwarding ?? forwarding(of: template)
    }

    /// Whether `client` performs the catalog's `load` action (negotiated as any action, SPEC §7.4).
    public func canLoad(_ client: ClientClass) -> Bool {
        guard let index = catalog.actions.index(of: SiteLoader.loadAction) else { return false }
        return classes.adopt(client).profile.actionRenderable[index]
    }

    /// The sections of `template` served as their placeholder to `client`: none when it can't
    /// `load`; else those with `"defer": true`, and those with `"auto"` for which `stale` is
    /// true (one of their url entries has no fresh cached value).
    public func deferredSections(template: String, client: ClientClass, stale: (SectionInfo) -> Bool) -> Set<String> {
        guard let page = templates[template], !page.sections.isEmpty, canLoad(client) else { return [] }
        var deferred = Set<String>()
        for info in sections(of: template) {
            switch info.deferral {
            case .never: break
            case .always: deferred.insert(info.name)
            case .auto: if stale(info) { deferred.insert(info.name) }
            }
        }
        return deferred
    }

    /// The data entries a render of `template` reads when it reads none of the sections `unread`
    /// (served as placeholders, or absent for the client: `unreadSections`): nil (every entry)
    /// when there are none; else the required entries, those bound outside every section's
    /// content, and those of the other sections.
    public func entriesRead(template: String, unread: Set<String>) -> Set<String>? {
        guard !unread.isEmpty, let page = templates[template] else { return nil }
        return page.entriesRead(unread: unread)
    }

    /// What the sources a render of `template` reads take from the request when it reads none of
    /// the sections `unread` (SPEC §6.2, §10.1): the entries only those bind are not fetched, so
    /// they neither make the page personal nor add forwarded headers. Worked out at load for
    /// every set a request can get (`SiteLoader.placeSections`; a page with more candidate
    /// sections than `PageTemplate.maxPrecomputedSections` has its rarer sets worked out here).
    /// The page's own forwarding for none.
    public func forwarding(of template: String, unread: Set<String>) -> Forwarding {
        guard !unread.isEmpty, let page = templates[template] else { return forwarding(of: template) }
        return page.unreadForwarding[unread] ?? Self.forwarding(of: page, unread: unread, sources: sources)
    }

    /// The forwarding of `page` when it reads none of the sections `unread`.
    static func forwarding(of page: PageTemplate, unread: Set<String>, sources: SourceTable) -> Forwarding {
        let read = page.entriesRead(unread: unread)
        return Forwarding(entries: page.data.filter { read.contains($0.name) }, sources: sources)
    }

    /// The data entries a request for section `name` of `template` alone reads: the page's
    /// required entries and the section's own; nil for an unknown section.
    public func entriesRead(template: String, section name: String) -> Set<String>? {
        guard let page = templates[template], let place = page.section(named: name) else { return nil }
        var entries = Set(place.entries)
        for entry in page.data where entry.required { entries.insert(entry.name) }
        return entries
    }

    /// Renders section `name` of `template` alone for a client, with the arguments of `render`:
    /// the bytes its page holds where the section stands inline (`SectionCapture`), nothing
    /// when nothing stands there, or the upgrade page where the page would be one. With `after`
    /// (SPEC §10.2), the JSON array of the page of its list from that item on, then its `more`
    /// while the list goes on: the bytes those have in a page assembled with that page of the list.
    ///
    /// From the page pruned for the section (`SectionPruning`) when there is one: where that
    /// page holds the section's component, its bytes are the whole page's; else (nothing stands
    /// there, or the upgrade page) the whole page decides.
    public func renderSection(_ name: String, template: String, params: [String: String], query: [String: String] = [:],
                              data: [String: JSONValue], client: ClientClass, variants: [String: String],
                              locale: String? = nil, at date: Date, after: Int? = nil) -> SectionOutcome {
        guard let page = templates[template], let place = page.section(named: name) else { return .nothing(.nothing) }
        func render(_ root: ComponentTemplate) -> SectionOutcome {
            renderSection(name, of: page, root: root, params: params, query: query, data: data, client: client,
                          variants: variants, locale: locale, at: date, after: after)
        }
        if let pruned = place.prunedRoot, case .component(let rendered) = render(pruned) { return .component(rendered) }
        return render(page.root)
    }

    /// Section `name` of `page` alone, captured from a render of `root`: the page's own root, or
    /// one pruned for the section.
    func renderSection(_ name: String, of page: PageTemplate, root: ComponentTemplate, params: [String: String],
                       query: [String: String], data: [String: JSONValue], client: ClientClass, variants: [String: String],
                       locale: String?, at date: Date, after: Int?) -> SectionOutcome {
        var evaluator = Evaluator(variants: variants, rollout: rollout, localizer: Localizer(localization, tag: locale),
                                  time: date.timeIntervalSince1970)
        evaluator.sections = sectionServing(page, client: client, params: params, query: query)
        evaluator.sections.captured = name
        evaluator.sections.after = after
        var assembler = Assembler(catalog: catalog, profile: classes.adopt(client).profile, evaluator: evaluator,
                                  checksIDs: page.checksIDs, literalIDs: literalIDs)
        do {
            guard let root = evaluator.component(root, pageScope(page, params: params, query: query, data: data)),
                  let kept = try assembler.negotiate(root), kept.type == page.root.type else { return .upgradeRequired }
            try assembler.write(kept)
        } catch {
            return .upgradeRequired
        }
        guard let capture = assembler.capture, let bytes = capture.bytes else {
            // Dropped in negotiation (negotiated, never written), or never reached (nothing counted).
            let dropped = assembler.capture
            return .nothing(RenderedPage(body: [], fallbacks: dropped?.fallbacks ?? 0, fallbackTypes: dropped?.fallbackTypes ?? [:],
                                         actionFallbackTypes: dropped?.actionFallbackTypes ?? [:]))
        }
        if after != nil { return .component(Self.listPage(assembler)) }
        return .component(RenderedPage(body: Array(assembler.writer.bytes[bytes]), fallbacks: capture.fallbacks,
                                       fallbackTypes: capture.fallbackTypes, actionFallbackTypes: capture.actionFallbackTypes))
    }

    /// The page of a list an `_after` render captured: `[` its elements' bytes `]`, `[]` past
    /// the end or when every element was dropped, with what they added to the tallies (a
    /// dropped item's fallback counts there too, SPEC §10.2).
    private static func listPage(_ assembler: Assembler) -> RenderedPage {
        let items = assembler.itemsCapture
        var body = [UInt8(ascii: "[")]
        if let bytes = items?.bytes { body += assembler.writer.bytes[bytes] }
        body.append(UInt8(ascii: "]"))
        return RenderedPage(body: body, fallbacks: items?.fallbacks ?? 0, fallbackTypes: items?.fallbackTypes ?? [:],
                            actionFallbackTypes: items?.actionFallbackTypes ?? [:])
    }

    /// How a render of `page` for `client` serves its sections: the url their `load`s start
    /// with, and whether the client performs `load` (a paged list is then cut into pages).
    func sectionServing(_ page: PageTemplate, client: ClientClass, deferred: Set<String> = [],
                        params: [String: String], query: [String: String]) -> SectionServing {
        SectionServing(deferred: deferred, url: SectionURL(page: page, params: params, query: query),
                       loads: page.hasPagedLists && canLoad(client))
    }
}

extension RenderedPage {
    /// An empty body that replaced or dropped nothing: a section with nothing in its place.
    static let nothing = RenderedPage(body: [], fallbacks: 0, fallbackTypes: [:])
}
