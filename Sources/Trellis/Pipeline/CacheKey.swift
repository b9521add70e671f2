/// What the response cache is keyed by: the Pages generation and the plan (template, route
/// params, declared query parameters, client class, variants, release). The coding is chosen at hit time from the one
/// entry, which holds both the identity and the gzip body.
struct CacheKey: Sendable, Hashable {
    let generation: Int
    let plan: PagePlan

    /// Bytes the key holds, charged to the cache with its entry (a key made of long route
    /// params or variants must not hide behind a small body).
    var cost: Int {
        let strings = [plan.page, plan.template, plan.variantsHeader ?? "", plan.locale ?? ""] + plan.params.flatMap { [$0.key, $0.value] }
            + plan.variants.flatMap { [$0.key, $0.value] } + plan.query.flatMap { [$0.key, $0.value] }
            + plan.forwardedValues.flatMap { [$0.key, $0.value] }
        return 128 + plan.client.signatureBytes + strings.reduce(0) { $0 + $1.utf8.count + 16 }
    }
}
