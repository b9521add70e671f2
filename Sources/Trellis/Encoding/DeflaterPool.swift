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
    /// The pools `Gzip.compress` uses: one per page level (cached pages, personal pages).
    private static let cached = DeflaterPool(level: Gzip.cachedLevel, capacity: 8)
    private static let perAnswer = DeflaterPool(level: Gzip.perAnswerLevel, capacity: 8)

    /// The shared pool of `level`, nil for a level pages don't use.
    static func shared(at level: Int32) -> DeflaterPool? {
        switch level {
        case Gzip.cachedLevel: cached
        case Gzip.perAnswerLevel: perAnswer
        default: nil
        }
    }

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
