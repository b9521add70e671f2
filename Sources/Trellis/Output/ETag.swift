import COpenSSL

/// Entity tags for page bodies (SPEC §4.2): a hash of the uncompressed body, strong on the
/// identity representation and weak (`W/`) on the gzip one.
package enum ETag {
    /// How many bytes of the SHA-256 digest the tag keeps (128 bits, 32 hex digits).
    private static let digestPrefix = 16

    /// `"` + the first 16 bytes of SHA-256(`body`) as lowercase hex + `"`.
    package static func strong(for body: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let ok = body.withUnsafeBytes { input in
            digest.withUnsafeMutableBufferPointer { copenssl_sha256(input.baseAddress, input.count, $0.baseAddress) }
        }
        precondition(ok == 1, "SHA-256 failed")
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var tag: [UInt8] = [UInt8(ascii: "\"")]
        tag.reserveCapacity(2 * digestPrefix + 2)
        for byte in digest.prefix(digestPrefix) {
            tag.append(hex[Int(byte >> 4)])
            tag.append(hex[Int(byte & 0x0F)])
        }
        tag.append(UInt8(ascii: "\""))
        return String(decoding: tag, as: UTF8.self)
    }

    /// The weak form of a strong tag: `W/` + `strong`.
    package static func weak(_ strong: String) -> String {
        "W/" + strong
    }
}
