/// Renders the part of a response head the server owns, plus the handler's fields.
///
/// Order: status line, `Date`, `Server`, `X-Request-Id`, `Content-Length` (not for 1xx, 204,
/// 304), `Connection` (`close` when closing, `keep-alive` for a kept-alive HTTP/1.0 client),
/// then `response.headers` (fields with CR, LF or NUL are dropped: no response splitting;
/// `Content-Length`, `Connection` and `Transfer-Encoding` are the server's). The caller sends
/// `preformattedHeaders`, the final CRLF and the body after it.
enum ResponseHead {
    /// Whether a response with this status carries no body and no `Content-Length`.
    static func isBodiless(_ status: Int) -> Bool {
        (100..<200).contains(status) || status == 204 || status == 304
    }

    static func render(
        _ response: HTTPResponse, requestID: String, version: HTTPVersion, closing: Bool,
        serverLine: [UInt8], dateLine: [UInt8]
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        out.append(contentsOf: "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n".utf8)
        out.append(contentsOf: dateLine)
        out.append(contentsOf: serverLine)
        out.append(contentsOf: "X-Request-Id: ".utf8)
        out.append(contentsOf: requestID.utf8)
        out.append(contentsOf: "\r\n".utf8)
        if !isBodiless(response.status) {
            out.append(contentsOf: "Content-Length: \(response.body.count)\r\n".utf8)
        }
        if closing {
            out.append(contentsOf: "Connection: close\r\n".utf8)
        } else if version == .http1_0 {
            out.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        for field in response.headers where isSendable(field) {
            out.append(contentsOf: field.name.utf8)
            out.append(contentsOf: ": ".utf8)
            out.append(contentsOf: field.value.utf8)
            out.append(contentsOf: "\r\n".utf8)
        }
        return out
    }

    private static func isSendable(_ field: HTTPHeaders.Element) -> Bool {
        if HTTPHeaders.equalNames(field.name, "Content-Length") || HTTPHeaders.equalNames(field.name, "Connection")
            || HTTPHeaders.equalNames(field.name, "Transfer-Encoding")
        {
            return false
        }
        return ByteClass.isToken(field.name.utf8)
            && !field.value.utf8.contains { $0 == ByteClass.cr || $0 == ByteClass.lf || $0 == 0 }
    }

    /// The RFC 9110 reason phrase, or `Unknown`.
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 426: "Upgrade Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Unknown"
        }
    }
}
