/// The one error type of the server and its handlers.
///
/// It knows its status and machine-readable code and renders the SPEC §4.2 JSON body:
/// `{"error":{"status":405,"code":"method_not_allowed","message":"…"}}`.
public struct HTTPError: Error, Sendable, Equatable {
    /// The HTTP status, e.g. 400.
    public var status: Int
    /// The machine-readable code, e.g. `bad_request`.
    public var code: String
    /// A human-readable explanation (JSON-escaped when rendered).
    public var message: String
    /// Extra fields for the response, e.g. `Allow: GET, HEAD` on a 405.
    public var headers: HTTPHeaders

    /// An error with the given status, code, message and extra fields.
    public init(status: Int, code: String, message: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// The JSON response (`Content-Type: application/json; charset=utf-8`, then `headers`).
    public var response: HTTPResponse {
        var fields = HTTPHeaders()  // added to, not made from an array of pairs: one allocation fewer
        fields.add("Content-Type", "application/json; charset=utf-8")
        for field in headers { fields.add(field.name, field.value) }
        var response = HTTPResponse(status: status, headers: fields, body: Array(jsonBody.utf8))
        response.errorCode = code
        return response
    }

    /// The rendered JSON body.
    public var jsonBody: String {
        "{\"error\":{\"status\":\(status),\"code\":\"\(Self.escape(code))\",\"message\":\"\(Self.escape(message))\"}}"
    }

    /// JSON string escaping (RFC 8259): quotes, backslash and control characters; `/` is kept.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Equal when status, code and message are (extra fields are not compared).
    public static func == (lhs: HTTPError, rhs: HTTPError) -> Bool {
        lhs.status == rhs.status && lhs.code == rhs.code && lhs.message == rhs.message
    }
}
