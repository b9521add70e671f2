import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Request ids: 15 lowercase hex characters, a random per-process prefix (5) and a counter
/// (10). Fifteen, not sixteen: a Swift string of at most 15 UTF-8 bytes is stored inline, so an
/// id costs no allocation and no reference counting wherever it travels (log, headers, upstream).
enum RequestID {
    private static let prefix: UInt64 = UInt64.random(in: 0..<(1 << 20)) << 40
    private static let counter = Atomic<UInt64>(0)
    private static let digits = Array("0123456789abcdef".utf8)

    /// The next id of this process.
    static func next() -> String {
        let n = counter.wrappingAdd(1, ordering: .relaxed).newValue & ((1 << 40) - 1)
        let value = prefix | n
        return String(unsafeUninitializedCapacity: 15) { buffer in
            for index in 0..<15 {
                buffer[index] = digits[Int((value >> UInt64(56 - 4 * index)) & 0xF)]
            }
            return 15
        }
    }
}
