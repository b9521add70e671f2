import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Request ids: 16 lowercase hex characters, a random per-process prefix (6) and a counter (10).
enum RequestID {
    private static let prefix: UInt64 = UInt64.random(in: 0..<(1 << 24)) << 40
    private static let counter = Atomic<UInt64>(0)
    private static let digits = Array("0123456789abcdef".utf8)

    /// The next id of this process.
    static func next() -> String {
        let n = counter.wrappingAdd(1, ordering: .relaxed).newValue & ((1 << 40) - 1)
        let value = prefix | n
        return String(unsafeUninitializedCapacity: 16) { buffer in
            for index in 0..<16 {
                buffer[index] = digits[Int((value >> UInt64(60 - 4 * index)) & 0xF)]
            }
            return 16
        }
    }
}
