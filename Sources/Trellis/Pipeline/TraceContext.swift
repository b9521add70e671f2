import SDUI
import Synchronization

/// The W3C Trace Context of one page request (SPEC §6.3): the client's trace when it sent a
/// valid `traceparent`, else a new one. Each upstream call gets a child `traceparent` with this
/// trace id and a new parent id; the access log carries the trace id.
struct TraceContext: Sendable, Equatable {
    /// The trace id's 128 bits (high, low), never both zero: kept as numbers, written as hex
    /// only where it is sent or logged.
    let traceBits: (high: UInt64, low: UInt64)
    /// The trace flags (bit 0: sampled), kept from the client or 01 for a new trace.
    let flags: UInt8
    /// Whether the trace id came from the client's `traceparent`.
    let continued: Bool

    /// Continues `traceparent` when it is valid, else starts a new trace (a malformed header
    /// is ignored, never an error).
    init(traceparent: String?) {
        if let traceparent, let parsed = Self.parse(traceparent) {
            (traceBits, flags, continued) = (parsed.traceBits, parsed.flags, true)
        } else {
            (traceBits, flags, continued) = ((RandomID.next(), RandomID.next()), 1, false)
        }
    }

    /// The trace id: 32 lowercase hex digits.
    var traceID: String { Self.traceID(traceBits) }

    /// The trace id of `bits`: 32 lowercase hex digits.
    static func traceID(_ bits: (high: UInt64, low: UInt64)) -> String { hex(bits.high) + hex(bits.low) }

    /// The `traceparent` for one upstream call: version 00, this trace, a new parent id.
    func childTraceparent() -> String {
        "00-\(traceID)-\(Self.hex(RandomID.next()))-\(Self.hex(flags))"
    }

    static func == (a: TraceContext, b: TraceContext) -> Bool {
        a.traceBits == b.traceBits && a.flags == b.flags && a.continued == b.continued
    }

    /// `version-traceid-parentid-flags` (W3C Trace Context §3.2): lowercase hex, neither id all
    /// zeros, version `ff` invalid; version 00 is exactly 55 characters, a later version may
    /// append `-` and more, which is ignored.
    private static func parse(_ header: String) -> (traceBits: (high: UInt64, low: UInt64), flags: UInt8)? {
        let bytes = Array(header.utf8)
        guard bytes.count >= 55, bytes[2] == UInt8(ascii: "-"), bytes[35] == UInt8(ascii: "-"),
              bytes[52] == UInt8(ascii: "-"),
              let version = hexValue(bytes[0..<2]), version != 0xFF,
              hexValue(bytes[36..<52]).map({ $0 != 0 }) == true,
              let flags = hexValue(bytes[53..<55]),
              let high = hexValue(bytes[3..<19]), let low = hexValue(bytes[19..<35]), high != 0 || low != 0
        else { return nil }
        if version == 0 ? bytes.count != 55 : (bytes.count > 55 && bytes[55] != UInt8(ascii: "-")) { return nil }
        return ((high, low), UInt8(flags))
    }

    /// The value of up to 16 lowercase hex digits, nil if any is not one.
    private static func hexValue(_ digits: ArraySlice<UInt8>) -> UInt64? {
        guard digits.allSatisfy(isLowerHex) else { return nil }
        return digits.reduce(0) { $0 << 4 | UInt64($1 <= UInt8(ascii: "9") ? $1 - 48 : $1 - 87) }
    }

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    /// `value` as lowercase hex, two digits a byte (big-endian), through the project's one hex writer.
    private static func hex<T: FixedWidthInteger>(_ value: T) -> String {
        withUnsafeBytes(of: value.bigEndian) { SHA256.hex($0) }
    }
}

/// Non-zero 64-bit ids for traces and spans: SplitMix64 over a process-random seed and an
/// atomic counter, so a request never makes a system call for one (ids need to be unique,
/// not secret).
enum RandomID {
    private static let seed = UInt64.random(in: 1...UInt64.max)
    private static let counter = Atomic<UInt64>(0)

    /// The next id; never zero.
    static func next() -> UInt64 {
        var z = seed &+ counter.wrappingAdd(1, ordering: .relaxed).newValue &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return z == 0 ? 1 : z
    }
}
