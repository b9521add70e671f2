extension Array where Element == UInt8 {
    /// These bytes in a buffer of their own size when the current one has more than 64 bytes of
    /// slack: a writer's buffer grows ahead of its bytes (a 1.7 KB page in 4 KB) and zlib's
    /// output is sized for the worst case, and a cached entry would hold the slack for its lifetime.
    func compacted() -> [UInt8] {
        guard capacity - count > 64 else { return self }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: self)
        }
    }
}
