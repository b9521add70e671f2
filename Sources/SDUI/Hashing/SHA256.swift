import COpenSSL

/// SHA-256 through OpenSSL, and lowercase hex: the one place the project hashes. Bucketing,
/// the Pages version, ETags and personal cache keys all come from here.
public enum SHA256 {
    /// The 32-byte digest of `bytes`.
    public static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        let ok = bytes.withContiguousStorageIfAvailable { input in
            digest.withUnsafeMutableBufferPointer { copenssl_sha256(input.baseAddress, input.count, $0.baseAddress) }
        } ?? Array(bytes).withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { copenssl_sha256(input.baseAddress, input.count, $0.baseAddress) }
        }
        precondition(ok == 1, "SHA-256 failed")
        return digest
    }

    /// The digest of `text`'s UTF-8 bytes.
    public static func digest(_ text: String) -> [UInt8] {
        digest(Array(text.utf8))
    }

    /// `bytes` as lowercase hex, two digits a byte. Inlinable, so that it is specialized for
    /// its callers' sequences (an ETag on every page render) rather than run generically.
    @inlinable
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        appendHex(bytes, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `bytes` as lowercase hex, two digits a byte.
    @inlinable
    public static func appendHex(_ bytes: some Sequence<UInt8>, to text: inout [UInt8]) {
        for byte in bytes {
            text.append(hexDigit(byte >> 4))
            text.append(hexDigit(byte & 0x0F))
        }
    }

    /// The lowercase hex digit of a nibble (0–15).
    @inlinable
    public static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
    }
}
