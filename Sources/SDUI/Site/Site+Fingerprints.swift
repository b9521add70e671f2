/// What a reload changed, page by page (SPEC §12's purge): a page is named as its `xkey` names
/// it, `page-<name>`, with its canary counted as the page, and `upgrade` and `not-found` their own.
extension Site {
    /// Every page an answer can be (routed pages, `upgrade`, `not-found`), by name.
    public var pageNames: [String] {
        Array(Set(templates.values.map { $0.isCanary ? String($0.name.prefix { $0 != "." }) : $0.name })).sorted()
    }

    /// A hash of what `page`'s templates (the page and its canary) are made from; nil for a page
    /// this site does not have. Equal in two versions: the page serves the same in both.
    public func fingerprint(ofPage page: String) -> String? {
        guard let own = fingerprints[page] else { return nil }
        guard let canary = rollout.canary(forPage: page), let other = fingerprints[canary.template] else { return own }
        return own + other
    }
}
