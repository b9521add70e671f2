/// What the response cache is keyed by: the Pages generation and the plan (template, route
/// params, declared query parameters, client class, variants, release). The coding is chosen at hit time from the one
/// entry, which holds both the identity and the gzip body.
///
/// The key is one reference to its parts, made once: a hit passes its key through the memo, the
/// cache and the answer, and each copy costs one retain, not one per string and table of the plan.
struct CacheKey: Sendable, Hashable {
    /// The parts, never changed once made.
    private final class Parts: Sendable {
        let generation: Int
        let plan: PagePlan
        /// The plan's hash, worked out once when the key is made: a key the `DecisionMemo`
        /// hands out again is looked up without hashing the plan's strings anew.
        let digest: Int

        init(generation: Int, plan: consuming PagePlan) {
            self.generation = generation
            digest = plan.hashValue
            self.plan = plan
        }
    }

    private let parts: Parts

    init(generation: Int, plan: consuming PagePlan) {
        parts = Parts(generation: generation, plan: plan)
    }

    var generation: Int { parts.generation }
    var plan: PagePlan { parts.plan }

    func hash(into hasher: inout Hasher) {
        hasher.combine(parts.generation)
        hasher.combine(parts.digest)
    }

    /// Keys are equal when their generations and plans are (the digest follows from the plan);
    /// the same parts (a key the memo handed out, found in the cache) are equal at once.
    static func == (a: CacheKey, b: CacheKey) -> Bool {
        a.isIdentical(to: b)
            || a.parts.generation == b.parts.generation && a.parts.digest == b.parts.digest && a.parts.plan == b.parts.plan
    }

    /// Whether `other` holds the very parts this key holds (then they are equal at once).
    func isIdentical(to other: CacheKey) -> Bool {
        parts === other.parts
    }

    /// Bytes the key's heap holds (its parts' object, their strings, tables and lists), charged
    /// to the cache with its entry, so a key made of long route params or variants does not
    /// hide behind a small body. Its inline reference is in the cache's bookkeeping
    /// (`bookkeepingBytesPerEntry`).
    var cost: Int {
        Self.partsBytes + HeapBytes.of(plan.page) + HeapBytes.of(plan.template) + (plan.variantsHeader.map(HeapBytes.of) ?? 0)
            + (plan.locale.map(HeapBytes.of) ?? 0) + HeapBytes.of(plan.params) + HeapBytes.of(plan.variants)
            + HeapBytes.of(plan.query) + HeapBytes.of(plan.forwardedValues) + HeapBytes.of(strings: plan.forwardedNames)
            + HeapBytes.allocationOverhead + plan.client.heapBytes + (plan.kind.section.map(HeapBytes.of) ?? 0)
            + (plan.deferred.map { HeapBytes.of($0.names) } ?? 0) + HeapBytes.of(plan.unread) + HeapBytes.of(strings: plan.freshness)
    }

    /// The parts' object: the allocator's overhead, an object header and the fields inline.
    private static let partsBytes = HeapBytes.allocationOverhead + 16 + MemoryLayout<Int>.stride * 2 + MemoryLayout<PagePlan>.stride
}
