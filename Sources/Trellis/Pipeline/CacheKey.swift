/// What the response cache is keyed by: the Pages generation and the plan (template, route
/// params, declared query parameters, client class, variants, release). The coding is chosen at hit time from the one
/// entry, which holds both the identity and the gzip body.
///
/// The plan is hashed once, when the key is made: a miss looks its key up in the cache, joins or
/// starts an assembly, stores the entry and releases its waiters (seven look-ups), and each
/// hashes one integer instead of the plan's strings and tables. Equal keys still compare their plans.
struct CacheKey: Sendable, Hashable {
    let generation: Int
    let plan: PagePlan
    /// The hash of the generation and the plan, with the process's random seed.
    private let planHash: Int

    /// The key of `plan` in Pages generation `generation`.
    init(generation: Int, plan: PagePlan) {
        var hasher = Hasher()
        hasher.combine(generation)
        hasher.combine(plan)
        planHash = hasher.finalize()
        self.generation = generation
        self.plan = plan
    }

    static func == (lhs: CacheKey, rhs: CacheKey) -> Bool {
        lhs.planHash == rhs.planHash && lhs.generation == rhs.generation && lhs.plan == rhs.plan
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(planHash)
    }

    /// Bytes the key's heap holds (its strings, tables and lists), charged to the cache with
    /// its entry, so a key made of long route params or variants does not hide behind a small
    /// body. Its inline bytes are in the cache's bookkeeping (`bookkeepingBytesPerEntry`).
    var cost: Int {
        HeapBytes.of(plan.page) + HeapBytes.of(plan.template) + (plan.variantsHeader.map(HeapBytes.of) ?? 0)
            + (plan.locale.map(HeapBytes.of) ?? 0) + HeapBytes.of(plan.params) + HeapBytes.of(plan.variants)
            + HeapBytes.of(plan.query) + HeapBytes.of(plan.forwardedValues) + HeapBytes.of(strings: plan.forwardedNames)
            + HeapBytes.allocationOverhead + plan.client.heapBytes
    }
}
