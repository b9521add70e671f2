import Foundation

/// Assembly and negotiation of one page for one client.
extension Site {
    /// Renders a template for a client class.
    ///
    /// - Parameters:
    ///   - template: `home`, `home.canary`, `product`, `upgrade`, `not-found`; an unknown name
    ///     renders `not-found`.
    ///   - params: route parameters, visible as `params.<name>`.
    ///   - query: the declared query parameters the request sent, visible as `query.<name>`.
    ///   - data: data entry name → value; an absent entry has no value.
    ///   - client: from `clientClass(for:)` of this site (one from another site is recomputed).
    ///   - variants: experiment → variant; a variant the template has no branch for takes the
    ///     first variant listed in the experiment that has one.
    ///   - explain: record each fallback's path, types and reason (`fallbackRecords`).
    ///   - locale: the negotiated locale for `$t` and `$format` (one of `localization`'s tags).
    ///   - date: the time the page renders as of, for `activeFrom`/`activeUntil`.
    ///   - updateBanner: insert `fragments/update-banner.json` first in the root's first slot.
    ///   - deferred: the sections served as their placeholder (`deferredSections`, SPEC §10.1).
    /// - Returns: the body, or `.upgradeRequired` when a required component (or the root
    ///   page) can't be rendered for the client.
    public func render(template: String, params: [String: String], query: [String: String] = [:],
                       data: [String: JSONValue], client: ClientClass, variants: [String: String],
                       locale: String? = nil, at date: Date, updateBanner: Bool = false,
                       explain: Bool = false, deferred: Set<String> = []) -> RenderOutcome {
        guard let page = templates[template] ?? templates["not-found"] else { return .upgradeRequired }
        let scope = pageScope(page, params: params, query: query, data: data)
        var evaluator = Evaluator(variants: variants, rollout: rollout, localizer: Localizer(localization, tag: locale),
                                  time: date.timeIntervalSince1970)
        if !deferred.isEmpty || page.hasPagedLists {
            evaluator.sections = sectionServing(page, client: client, deferred: deferred, params: params, query: query)
        }
        var assembler = Assembler(catalog: catalog, profile: classes.adopt(client).profile, evaluator: evaluator,
                                  checksIDs: page.checksIDs, literalIDs: literalIDs)
        if explain { assembler.explanation = FallbackExplanation() }
        let banner = updateBanner ? self.updateBanner : nil
        do {
            // Streamed, unless the root itself takes a fallback, the banner goes into it, or the
            // fallbacks are explained (both ways give the same bytes and tallies).
            if !explain, banner == nil, assembler.profile.renderable[page.root.type] {
                guard try assembler.stream(page.root, scope) == .written else { return .upgradeRequired }
            } else {
                guard var root = evaluator.component(page.root, scope) else { return .upgradeRequired }
                if let banner, let slot = catalog[root.type].slots.first {
                    banner.insert(into: &root, slot: slot, evaluator: evaluator)
                }
                guard let kept = try assembler.negotiate(root), kept.type == page.root.type
                else { return .upgradeRequired }
                try assembler.write(kept)
            }
        } catch {
            return .upgradeRequired
        }
        return .page(RenderedPage(body: assembler.writer.bytes, fallbacks: assembler.fallbacks,
                                  fallbackTypes: assembler.fallbackTypes, actionFallbackTypes: assembler.actionFallbackTypes,
                                  fallbackRecords: assembler.explanation?.records ?? []))
    }

    /// The scope a page's template is evaluated in: `params`, the declared `query` parameters
    /// and the data entries that have a value.
    func pageScope(_ page: PageTemplate, params: [String: String], query: [String: String], data: [String: JSONValue]) -> Scope {
        var scope = Scope()
        var paramsObject = JSONObject()
        // In name order, the same bytes whatever the table's order; a route's usual one
        // parameter needs no sorted copy of the names.
        if params.count == 1, let (name, value) = params.first {
            paramsObject[name] = .string(value)
        } else {
            for name in params.keys.sorted() { paramsObject[name] = .string(params[name]!) }
        }
        scope.bind("params", .value(.object(paramsObject)))
        var queryObject = JSONObject()
        for name in page.query { if let value = query[name] { queryObject[name] = .string(value) } }
        scope.bind("query", .value(.object(queryObject)))
        for entry in page.data {
            if let value = data[entry.name] { scope.bind(entry.name, .value(value)) }
        }
        return scope
    }
}
