/// What the response cache is keyed by: the Pages generation and the plan (template, route
/// params, declared query parameters, client class, variants, release). The coding is chosen at hit time from the one
/// entry, which holds both the identity and the gzip body.
struct CacheKey: Sendable, Hashable {
    let generation: Int
    let plan: PagePlan
    /// The plan's hash, worked out once when the key is made: a key the `DecisionMemo` hands
    /// out again is looked up without hashing the plan's strings anew.
    private let digest: Int

    init(generation: Int, plan: consuming PagePlan) {
        self.generation = generation
        digest = plan.hashValue
        self.plan = plan
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(generation)
        hasher.combine(digest)
    }

    /// Keys are equal when their generations and plans are (the digest follows from the plan).
    static func == (a: CacheKey, b: CacheKey) -> Bool {
        a.generation == b.generation && a.plan == b.plan
    }
    /// Bytes the key's heap holds (its strings, tables and lists), charged to the cache with
    /// its entry, so a key made of long route params or variants does not hide behind a small
    /// body. Its inline bytes are in the cache's bookkeeping (`bookkeepingBytesPerEntry`).
    var cost: Int {
        HeapBytes.of(plan.page) + HeapBytes.of(plan.template) + (plan.variantsHeader.map(HeapBytes.of) ?? 0)
            + (plan.locale.map(HeapBytes.of) ?? 0) + HeapBytes.of(plan.params) + HeapBytes.of(plan.variants)
            + HeapBytes.of(plan.query) + HeapBytes.of(plan.forwardedValues) + HeapBytes.of(strings: plan.forwardedNames)
            + HeapBytes.allocationOverhead + plan.client.heapBytes + (plan.kind.section.map(HeapBytes.of) ?? 0)
    }
}
