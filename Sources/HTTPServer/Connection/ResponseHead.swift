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

    /// Appends the head's lines to `out` (an empty buffer, whose storage may be reused).
    static func render(
        _ response: HTTPResponse, into out: inout [UInt8], requestID: String, version: HTTPVersion, closing: Bool,
        serverLine: [UInt8], dateLine: [UInt8]
    ) {
        out.reserveCapacity(256)
        out.append(contentsOf: "HTTP/1.1 ".utf8)
        appendDecimal(response.status, to: &out)
        out.append(ByteClass.sp)
        out.append(contentsOf: reasonPhrase(response.status).utf8)
        out.append(contentsOf: "\r\n".utf8)
        out.append(contentsOf: dateLine)
        out.append(contentsOf: serverLine)
        out.append(contentsOf: "X-Request-Id: ".utf8)
        out.append(contentsOf: requestID.utf8)
        out.append(contentsOf: "\r\n".utf8)
        if !isBodiless(response.status) {
            out.append(contentsOf: "Content-Length: ".utf8)
            appendDecimal(response.body.count, to: &out)
            out.append(contentsOf: "\r\n".utf8)
        }
        if closing {
            out.append(contentsOf: "Connection: close\r\n".utf8)
        } else if version == .http1_0 {
            out.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        response.headers.forEachField { name, value in
            guard isSendable(name: name, value: value) else { return }
            out.append(contentsOf: name)
            out.append(contentsOf: ": ".utf8)
            out.append(contentsOf: value)
            out.append(contentsOf: "\r\n".utf8)
        }
    }

    /// Appends the decimal digits of `value` (not negative).
    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var rest = max(0, value)
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            out.append(contentsOf: buffer[start...])
        }
    }

    private static func isSendable(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) -> Bool {
        for reserved in reservedNames where reserved.withUnsafeBufferPointer({ HTTPHeaders.equalNames(name, $0) }) {
            return false
        }
        return ByteClass.isToken(name) && !value.contains { $0 == ByteClass.cr || $0 == ByteClass.lf || $0 == 0 }
    }

    /// Fields only the server writes.
    private static let reservedNames = ["Content-Length", "Connection", "Transfer-Encoding"].map { Array($0.utf8) }

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
