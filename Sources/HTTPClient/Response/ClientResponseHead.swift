/// The status line and the headers that decide how a response's body is framed.
struct UpstreamResponseHead: Sendable, Equatable {
    /// The status code.
    var status: Int
    /// `Content-Length`, when present (duplicates must agree).
    var contentLength: Int?
    /// `Transfer-Encoding` ends with `chunked`.
    var chunked = false
    /// The server allows another request on this connection.
    var keepAlive: Bool

    /// Parses the head's bytes (without the blank line that ends it).
    init(_ bytes: ArraySlice<UInt8>) throws(UpstreamError) {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
        guard let statusLine = lines.popFirst() else { throw .malformedResponse }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
              let status = Int(parts[1]), status >= 100
        else { throw .malformedResponse }
        self.status = status
        keepAlive = parts[0] == "HTTP/1.1"
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw .malformedResponse }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces.lowercased()
            switch name {
            case "content-length":
                guard let length = Int(value), length >= 0 else { throw .malformedResponse }
                if let contentLength, contentLength != length { throw .malformedResponse }
                contentLength = length
            case "transfer-encoding":
                chunked = value.split(separator: ",").last?.trimmingSpaces == "chunked"
                if !chunked { throw .malformedResponse }  // framing we can't delimit safely
            case "connection":
                let tokens = value.split(separator: ",").map(\.trimmingSpaces)
                if tokens.contains("close") { keepAlive = false }
                if tokens.contains("keep-alive") { keepAlive = true }
            default:
                break
            }
        }
        if chunked { contentLength = nil }  // RFC 9112 §6.3: chunked wins
    }
}

fileprivate extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
