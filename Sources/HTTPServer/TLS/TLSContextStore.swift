import Synchronization

/// The server's current `TLSContext`, swapped atomically by `reload`: new connections use the
/// new one, live connections keep theirs.
final class TLSContextStore: Sendable {
    let configuration: TLSConfiguration
    private let current = Mutex<TLSContext?>(nil)

    init(configuration: TLSConfiguration) {
        self.configuration = configuration
    }

    /// The context for the next connection; nil before the first successful `reload`.
    var context: TLSContext? {
        current.withLock { $0 }
    }

    /// Loads the files again; on failure throws and keeps the previous context.
    func reload() throws(TLSError) {
        let fresh = try TLSContext(
            certificatePath: configuration.certificatePath, privateKeyPath: configuration.privateKeyPath)
        current.withLock { $0 = fresh }
    }
}
