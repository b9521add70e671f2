extension ClientExchange {
    /// What every exchange of a client shares.
    package struct Settings: Sendable {
        /// Where idle connections wait.
        let pool: ClientConnectionPool
        /// The largest response accepted, head and framing included.
        let maxResponseBytes: Int
        /// Resolves names off the loop.
        let resolver: NameResolver
        /// The TLS client settings for `https://` targets (nil: none could be made).
        let tls: ClientTLSContext?

        /// Settings for exchanges that pool their connections in `pool`, accept responses of at
        /// most `maxResponseBytes`, resolve names with `resolver` and speak TLS with `tls`.
        package init(pool: ClientConnectionPool, maxResponseBytes: Int, resolver: NameResolver, tls: ClientTLSContext?) {
            self.pool = pool
            self.maxResponseBytes = maxResponseBytes
            self.resolver = resolver
            self.tls = tls
        }
    }
}
