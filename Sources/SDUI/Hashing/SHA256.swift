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
        let digits: StaticString = "0123456789abcdef"
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        digits.withUTF8Buffer { digits in
            for byte in bytes {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
