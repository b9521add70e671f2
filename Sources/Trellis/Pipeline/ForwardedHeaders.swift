import HTTPClient
import HTTPServer
import SDUI

/// The request header fields a `url` source forwards (SPEC §6.2, §14), as the bytes the client
/// sent: never decoded and re-encoded, so two different credentials stay two users, upstream
/// and in every cache key made from them.
enum ForwardedHeaders {
    /// Fields that carry a user's credentials: sent twice, they are a 400, never joined.
    static let credentials = ["Authorization", "Cookie"]

    /// The value of `name` in `headers` as bytes, its fields joined by `, ` (RFC 9110 §5.3);
    /// nil when the client sent none.
    static func value(_ name: String, of headers: HTTPHeaders) -> [UInt8]? {
        let values = headers.valueBytes(name)
        guard var joined = values.first else { return nil }
        for value in values.dropFirst() {
            joined += ", ".utf8
            joined += value
        }
        return joined
    }

    /// The first credential field among `names` that `headers` holds more than once, if any.
    /// Asks first whether a name is repeated, which it nearly never is: a name is lowercased
    /// only then.
    static func repeatedCredential(among names: [String], in headers: HTTPHeaders) -> String? {
        names.first { name in
            headers.count(of: name) > 1 && credentials.contains { $0.lowercased() == name.lowercased() }
        }
    }

    /// The SHA-256 (hex) of the forwarded fields as `name: value` lines, the values' own bytes:
    /// who the value is for (a value holds no line break, so the lines can't run together).
    static func identity(_ fields: [ClientHeader]) -> String {
        var text: [UInt8] = []
        for field in fields {
            text += field.name.lowercased().utf8
            text += ": ".utf8
            text += field.value
            text += "\n".utf8
        }
        return SHA256.hex(SHA256.digest(text))
    }
}
