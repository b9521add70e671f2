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
        out.reserveCapacity(256 + response.preformattedHeaders.count)  // the caller appends those after
        if let line = statusLine(response.status) {
            append(line, to: &out)
        } else {
            append("HTTP/1.1 ", to: &out)
            appendDecimal(response.status, to: &out)
            append(" Unknown\r\n", to: &out)
        }
        out.append(contentsOf: dateLine)
        out.append(contentsOf: serverLine)
        append("X-Request-Id: ", to: &out)
        var requestID = requestID  // for `withUTF8`; an id is 15 bytes, stored inline
        requestID.withUTF8 { out.append(contentsOf: $0) }
        if isBodiless(response.status) {
            append("\r\n", to: &out)
        } else {
            append("\r\nContent-Length: ", to: &out)
            appendDecimal(response.body.count, to: &out)
            append("\r\n", to: &out)
        }
        if closing {
            append("Connection: close\r\n", to: &out)
        } else if version == .http1_0 {
            append("Connection: keep-alive\r\n", to: &out)
        }
        response.headers.forEachField { name, value in
            guard isSendable(name: name, value: value) else { return }
            out.append(contentsOf: name)
            append(": ", to: &out)
            out.append(contentsOf: value)
            append("\r\n", to: &out)
        }
    }

    /// Appends fixed text (its bytes are in the binary: no `String` is made or measured).
    @inline(__always)
    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
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

    /// The status line with the RFC 9110 reason phrase, or nil for a status without one here.
    static func statusLine(_ status: Int) -> StaticString? {
        switch status {
        case 100: "HTTP/1.1 100 Continue\r\n"
        case 101: "HTTP/1.1 101 Switching Protocols\r\n"
        case 200: "HTTP/1.1 200 OK\r\n"
        case 201: "HTTP/1.1 201 Created\r\n"
        case 202: "HTTP/1.1 202 Accepted\r\n"
        case 204: "HTTP/1.1 204 No Content\r\n"
        case 206: "HTTP/1.1 206 Partial Content\r\n"
        case 301: "HTTP/1.1 301 Moved Permanently\r\n"
        case 302: "HTTP/1.1 302 Found\r\n"
        case 303: "HTTP/1.1 303 See Other\r\n"
        case 304: "HTTP/1.1 304 Not Modified\r\n"
        case 307: "HTTP/1.1 307 Temporary Redirect\r\n"
        case 308: "HTTP/1.1 308 Permanent Redirect\r\n"
        case 400: "HTTP/1.1 400 Bad Request\r\n"
        case 401: "HTTP/1.1 401 Unauthorized\r\n"
        case 403: "HTTP/1.1 403 Forbidden\r\n"
        case 404: "HTTP/1.1 404 Not Found\r\n"
        case 405: "HTTP/1.1 405 Method Not Allowed\r\n"
        case 406: "HTTP/1.1 406 Not Acceptable\r\n"
        case 408: "HTTP/1.1 408 Request Timeout\r\n"
        case 409: "HTTP/1.1 409 Conflict\r\n"
        case 410: "HTTP/1.1 410 Gone\r\n"
        case 412: "HTTP/1.1 412 Precondition Failed\r\n"
        case 413: "HTTP/1.1 413 Content Too Large\r\n"
        case 414: "HTTP/1.1 414 URI Too Long\r\n"
        case 415: "HTTP/1.1 415 Unsupported Media Type\r\n"
        case 422: "HTTP/1.1 422 Unprocessable Content\r\n"
        case 426: "HTTP/1.1 426 Upgrade Required\r\n"
        case 429: "HTTP/1.1 429 Too Many Requests\r\n"
        case 431: "HTTP/1.1 431 Request Header Fields Too Large\r\n"
        case 500: "HTTP/1.1 500 Internal Server Error\r\n"
        case 501: "HTTP/1.1 501 Not Implemented\r\n"
        case 502: "HTTP/1.1 502 Bad Gateway\r\n"
        case 503: "HTTP/1.1 503 Service Unavailable\r\n"
        case 504: "HTTP/1.1 504 Gateway Timeout\r\n"
        case 505: "HTTP/1.1 505 HTTP Version Not Supported\r\n"
        default: nil
        }
    }
}
