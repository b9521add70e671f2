import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Request ids (SPEC §13): the client's own `X-Request-Id` when it is 1–128 visible ASCII
/// characters (a gateway's id, so one request is one id across services), else one made here:
/// 15 lowercase hex characters, a random per-process prefix (5) and a counter (10). Fifteen,
/// not sixteen: a Swift string of at most 15 UTF-8 bytes is stored inline, so a made id costs
/// no allocation and no reference counting wherever it travels (log, headers, upstream).
enum RequestID {
    /// The length of an id made here.
    static let length = 15
    /// The longest id kept from a request.
    static let maxLength = 128
    private static let prefix: UInt64 = UInt64.random(in: 0..<(1 << 20)) << 40
    private static let counter = Atomic<UInt64>(0)

    /// The id of a request with these header fields: its first `X-Request-Id` when valid,
    /// else the next id of this process. (Visible ASCII only, so the id is safe to echo in a
    /// response header and to write unquoted where a log needs no escaping of it.)
    static func of(_ headers: HTTPHeaders) -> String {
        clientSupplied(headers) ?? next()
    }

    /// The first `X-Request-Id` of these header fields when it is valid, else nil.
    static func clientSupplied(_ headers: HTTPHeaders) -> String? {
        headers.withFirstValue(of: "X-Request-Id") { value in
            guard let value, isValid(value) else { return nil }
            return String(decoding: value, as: UTF8.self)
        }
    }

    /// Whether `value` is 1–128 bytes, each visible ASCII (0x21–0x7E).
    static func isValid(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        (1...maxLength).contains(value.count) && value.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// The next id of this process.
    static func next() -> String {
        let n = counter.wrappingAdd(1, ordering: .relaxed).newValue & ((1 << 40) - 1)
        return text(prefix | n)
    }

    /// The 15 lowercase hex digits of the low 60 bits of `value`: the first from its top
    /// nibble, then two a byte (`HexPairs`).
    static func text(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: length) { buffer in
            let out = buffer.baseAddress!
            out[0] = HexPairs.table.utf8Start[2 * Int(value >> 56 & 0xF) + 1]
            HexPairs.write(value, bytes: (length - 1) / 2, to: out + 1)
            return length
        }
    }
}
