/// Pages that read no route parameter, query parameter or data entry are cached once for all
/// the plans that end in them, not once per plan: the `not-found` page answered for an unknown
/// id, and the `upgrade` page a required component led to. A flood of unknown ids then costs
/// one small alias entry each (key and bookkeeping, charged) pointing at one shared
/// representation per page, client class and locale, and can't churn real pages out.
///
/// Which page it is is known only after the data (a missing file entry, a url source's 404),
/// so the plan's own key still gets an entry: a repeated unknown id is a hit, for as long as
/// the data said (`PageCachePolicy`), while the shared representation lives until its
/// template's next scheduled edge or the reload.
extension PagePipeline {
    /// The shared representation for `result`, from the cache or made and stored now; nil when
    /// `result` is the plan's own page (it may have read anything in the plan).
    func sharedRepresentation(_ result: PageResult, plan: PagePlan, cache: ResponseCache<CacheKey, Representation>,
                              context: PageRequestContext) -> Representation? {
        guard result.template != plan.template, result.stale.isEmpty else { return nil }
        let key = CacheKey(generation: snapshot.generation, plan: plan.sharedPlan(template: result.template))
        if let shared = cache.cachedValue(for: key) { return shared }
        let representation = Representation(result)
        let lifetime = PageCachePolicy.lifetime(nil, until: result.nextEdge, from: context.date)
        cache.insert(representation, for: key, cost: Self.charge(representation, key: key),
                     expiresAt: lifetime.map { context.now() + $0 })
        return representation
    }

    /// The bytes an entry under `key` holding a shared representation holds: the key and the
    /// cache's bookkeeping (the representation is charged once, under its shared key).
    static func aliasCharge(_ key: CacheKey) -> Int {
        key.cost + ResponseCache<CacheKey, Representation>.bookkeepingBytesPerEntry
    }
}

extension PagePlan {
    /// The plan with only what a page reading no parameter or data depends on: the routed page
    /// (its metric label), the client class, the locale and the forwarded names (`Vary`). Its
    /// template is a special page no route serves, and `belowMinimumVersion` says so for
    /// `upgrade`, so it never equals the key of a page that read something.
    func sharedPlan(template: String) -> PagePlan {
        var shared = self
        shared.template = template
        shared.params = [:]
        shared.query = [:]
        shared.variants = [:]
        shared.variantsHeader = nil
        shared.release = .stable
        shared.belowMinimumVersion = template == "upgrade"
        shared.forwardedValues = [:]
        shared.upgradeSuggested = false
        return shared
    }
}
