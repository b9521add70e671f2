import Synchronization

/// Memoizes `ClientDescriptor` → `ClientClass` for one `Site`, so a request only looks its
/// class up. Bounded: past `limit` descriptors (random versions or capability sets), classes
/// are computed per call and not remembered, and a cache key keyed by one is charged its
/// profile (`ClientClass.heapBytes`). 256 profiles hold about a quarter of a MiB; a real fleet
/// sends a few dozen version and capability combinations (a 4 MiB-cache soak with random
/// capability sets peaked 1 MiB lower than with 1,024, docs/PERFORMANCE.md).
///
/// The class looked up last is kept beside the table: a run of requests from one kind of client
/// (the usual traffic) compares descriptors and hashes none.
final class ClientClassTable: Sendable {
    private struct Classes {
        var byDescriptor: [ClientDescriptor: ClientClass] = [:]
        var recent: (descriptor: ClientDescriptor, class: ClientClass)?

        /// The class of `client` when the table holds it; it becomes the recent one.
        mutating func known(_ client: ClientDescriptor) -> ClientClass? {
            if let recent, recent.descriptor == client { return recent.class }
            guard let known = byDescriptor[client] else { return nil }
            recent = (client, known)
            return known
        }
    }

    private let catalog: Catalog
    private let classes = Mutex(Classes())
    private let limit: Int

    init(catalog: Catalog, limit: Int = 256) {
        self.catalog = catalog
        self.limit = limit
    }

    /// `client` itself when it was computed by this table, else recomputed from its descriptor.
    func adopt(_ client: ClientClass) -> ClientClass {
        client.profile.owner == ObjectIdentifier(self) ? client : clientClass(for: client.profile.descriptor)
    }

    /// The class of `client`, computed on first use. Capability names the catalog does not
    /// know are dropped first (SPEC §4.4): they change nothing a client receives, and so can't
    /// make a table entry of their own or keep their bytes alive.
    func clientClass(for requested: ClientDescriptor) -> ClientClass {
        let client = requested.restricted(toTypesOf: catalog)
        if let found = classes.withLock({ $0.known(client) }) { return found }
        let computed = ClientClass(profile: ClientProfile(catalog: catalog, client: client, owner: ObjectIdentifier(self)))
        return classes.withLock { table in
            if let known = table.byDescriptor[client] { return known }
            guard table.byDescriptor.count < limit else { return ClientClass(profile: computed.profile, profileHeldBySite: false) }
            table.byDescriptor[client] = computed
            return computed
        }
    }
}
