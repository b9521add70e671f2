import SDUI

/// The heap bytes Swift values hold (64-bit Linux, glibc malloc), for the response cache's
/// entry costs: what `--cache-bytes` bounds must be what the process really holds.
///
/// A buffer counts its capacity, not its count (a writer's buffer grows ahead of its bytes),
/// plus `allocationOverhead`. Strings of up to 15 UTF-8 bytes live inline and cost nothing.
enum HeapBytes {
    /// Per heap allocation: Swift's 32-byte storage header (array, string or dictionary)
    /// and glibc's chunk header and 16-byte rounding.
    static let allocationOverhead = 48
    /// A dictionary's storage header beyond `allocationOverhead` (count, capacity, scale,
    /// seed, key and value pointers).
    private static let dictionaryHeader = 32

    /// The heap bytes of `string`'s storage.
    static func of(_ string: String) -> Int {
        let count = string.utf8.count
        return count <= 15 ? 0 : allocationOverhead + count
    }

    /// The heap bytes of `array`'s storage, without what its elements hold.
    static func of<Element>(_ array: [Element]) -> Int {
        array.capacity == 0 ? 0 : allocationOverhead + array.capacity * MemoryLayout<Element>.stride
    }

    /// The heap bytes of `strings`' storage and of each string's.
    static func of(strings: [String]) -> Int {
        strings.reduce(of(strings)) { $0 + of($1) }
    }

    /// The heap bytes of `dictionary`'s storage (its buckets are at most 3/4 full) and of the
    /// strings (and byte arrays) among its keys and values.
    static func of<Value>(_ dictionary: [String: Value]) -> Int {
        guard !dictionary.isEmpty else { return 0 }
        let buckets = dictionary.capacity * 4 / 3 + 1
        let storage = allocationOverhead + dictionaryHeader + buckets * (MemoryLayout<String>.stride + MemoryLayout<Value>.stride + 1)
        return dictionary.reduce(storage) { total, entry in
            total + of(entry.key) + ((entry.value as? String).map(of) ?? (entry.value as? [UInt8]).map(of) ?? 0)
        }
    }

    /// The heap bytes of `set`'s storage (as a dictionary's, without values) and of its strings.
    static func of(_ set: Set<String>) -> Int {
        guard !set.isEmpty else { return 0 }
        let buckets = set.capacity * 4 / 3 + 1
        return set.reduce(allocationOverhead + dictionaryHeader + buckets * (MemoryLayout<String>.stride + 1)) { $0 + of($1) }
    }

    /// The heap bytes of a parsed JSON value: its arrays' and objects' storage and every string
    /// (numbers keep their literal text) — what an upstream value costs its cache.
    static func of(_ value: JSONValue) -> Int {
        switch value {
        case .null, .bool: 0
        case .number(let text), .string(let text): of(text)
        case .array(let elements): elements.reduce(of(elements)) { $0 + of($1) }
        case .object(let object): object.members.reduce(of(object.members)) { $0 + of($1.key) + of($1.value) }
        }
    }
}
