/// HTML text for the preview: escaping for text and attribute values, and percent-encoding
/// for the query strings of its links.
enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` as character references: safe in element content
    /// and in quoted attribute values. Read per Unicode scalar, not per `Character`: a
    /// combining mark after `"` (or a prepend character before `<`) makes one `Character` equal
    /// to none of these, and must not carry it through unescaped (SPEC §14).
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A query string of `pairs`, each name and value percent-encoded (RFC 3986 unreserved
    /// characters and `/` kept), for a link's `href`.
    static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { percentEncoded($0.0) + "=" + percentEncoded($0.1) }.joined(separator: "&")
    }

    private static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
