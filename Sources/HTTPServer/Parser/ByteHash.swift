/// A fast seeded hash of bytes, sixteen at a time (a folded 64 × 64-bit multiply per step, as
/// wyhash does), for the direct-mapped memos that remember requests by their bytes (the loop's
/// `HeadMemo`, the application's decision memo): it only picks a slot, whose bytes are compared
/// before use, so a collision costs a miss, never a wrong answer. Each memo seeds it with a
/// random number of its own, so that which requests share a slot can't be known from outside.
public enum ByteHash {
    /// The hash of `bytes` under `seed`.
    public static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let count = bytes.count
        var hash = seed ^ UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        guard count >= 16 else {
            var tail: UInt64 = 0
            for index in 0..<count { tail = tail << 8 | UInt64(bytes[index]) }
            return fold(hash ^ tail ^ first, second)
        }
        var offset = 0
        while offset + 16 <= count {
            hash = fold(hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ first,
                        bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) ^ second)
            offset += 16
        }
        // The last sixteen bytes, read again where they overlap the steps before.
        return fold(hash ^ bytes.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self) ^ second,
                    bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) ^ first)
    }

    private static let first: UInt64 = 0xA076_1D64_78BD_642F, second: UInt64 = 0xE703_7ED1_A0B4_28DB

    /// The two halves of the full 128-bit product of `a` and `b`, xored.
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }
}
