/// What the response cache is keyed by: the Pages generation and the plan (template, route
/// params, client class, variants, release). The coding is chosen at hit time from the one
/// entry, which holds both the identity and the gzip body.
struct CacheKey: Sendable, Hashable {
    let generation: Int
    let plan: PagePlan
}
