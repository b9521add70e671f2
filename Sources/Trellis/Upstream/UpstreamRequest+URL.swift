extension UpstreamRequest {
    /// `template` with every `{{key}}` replaced by `key`, percent-encoded.
    ///
    /// RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`) stay as they are; every other
    /// UTF-8 byte becomes `%XX` (upper-case hex), so `/`, `?`, `#`, `%` and spaces in a key
    /// can never change the URL's shape.
    package static func url(template: String, key: String) -> String {
        template.replacing("{{key}}", with: percentEncoded(key))
    }

    /// `text` with every byte outside the RFC 3986 unreserved set as `%XX`.
    package static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
