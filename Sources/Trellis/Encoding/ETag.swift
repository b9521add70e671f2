import SDUI

/// Entity tags for page bodies (SPEC §4.2): a hash of the uncompressed body, strong on the
/// identity representation and weak (`W/`) on the gzip one.
package enum ETag {
    /// How many bytes of the SHA-256 digest the tag keeps (128 bits, 32 hex digits).
    private static let digestPrefix = 16

    /// `"` + the first 16 bytes of SHA-256(`body`) as lowercase hex + `"`.
    package static func strong(for body: [UInt8]) -> String {
        SHA256.digest(body).withUnsafeBufferPointer(strong(digest:))
    }

    /// The strong tag of the body whose SHA-256 is `digest` (hashed on the way through gzip).
    package static func strong(digest: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: 2 + 2 * digestPrefix) { text in
            text[0] = UInt8(ascii: "\"")
            for index in 0..<digestPrefix {
                text[1 + 2 * index] = SHA256.hexDigit(digest[index] >> 4)
                text[2 + 2 * index] = SHA256.hexDigit(digest[index] & 0x0F)
            }
            text[1 + 2 * digestPrefix] = UInt8(ascii: "\"")
            return 2 + 2 * digestPrefix
        }
    }

    /// The weak form of a strong tag: `W/` + `strong`.
    package static func weak(_ strong: String) -> String {
        "W/" + strong
    }
}
