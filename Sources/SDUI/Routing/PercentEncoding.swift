/// RFC 3986 percent-encoding as the server writes URLs: unreserved characters
/// (`A-Z a-z 0-9 - . _ ~`) as they are, every other UTF-8 byte as `%XX` (upper-case hex), so no
/// value can change a URL's shape. One encoder for a section's url (SPEC §10.1) and an
/// upstream's key (SPEC §2.3).
public enum PercentEncoding {
    /// `text` with every byte outside the unreserved set as `%XX`.
    public static func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if Route.isValueByte(byte) {  // the unreserved set
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hex = Array("0123456789ABCDEF".utf8)
}
