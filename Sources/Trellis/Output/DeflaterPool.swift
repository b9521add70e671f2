import Synchronization

/// A bounded pool of `Deflater`s shared by every thread that builds representations: the event
/// loop that completes an assembly, Dispatch threads in tests, the main thread of `render`,
/// `bench` and `diff`.
///
/// A body borrows a deflater for the length of one compression under a short lock (two
/// uncontended lock operations against the ~270 KB allocation and table setup of a fresh
/// `deflateInit2`). Threads never wait for each other's compression: when the pool is empty a
/// new deflater is made, and one given back to a full pool is freed, so the pool holds at most
/// `capacity` idle streams (about 270 KB each).
final class DeflaterPool: Sendable {
    /// The pool `Gzip.compress` uses at its default level.
    static let shared = DeflaterPool(level: Gzip.defaultLevel, capacity: 8)

    /// The level of every deflater of this pool.
    let level: Int32
    /// How many idle deflaters the pool keeps.
    let capacity: Int
    private let idle = Mutex<[Deflater]>([])

    /// An empty pool of deflaters at `level` that keeps at most `capacity` idle.
    init(level: Int32, capacity: Int) {
        self.level = level
        self.capacity = capacity
    }

    /// The number of idle deflaters held now.
    var idleCount: Int { idle.withLock { $0.count } }

    /// Runs `body` with a deflater that no other thread uses meanwhile, then takes it back.
    /// - Throws: `GzipError.zlib` from a new deflater's `deflateInit2`, or what `body` throws.
    func withDeflater<Result>(_ body: (Deflater) throws(GzipError) -> Result) throws(GzipError) -> Result {
        let deflater: Deflater
        if let reused = idle.withLock({ $0.popLast() }) { deflater = reused } else { deflater = try Deflater(level: level) }
        defer { idle.withLock { if $0.count < capacity { $0.append(deflater) } } }
        return try body(deflater)
    }
}
