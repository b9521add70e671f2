import HTTPServer

/// The status line and the headers that decide how a response's body is framed, parsed from
/// the head's bytes with the server's own grammar: `HTTPVersion.parse` for the version,
/// `HeaderField` for every field line and for `Content-Length`.
package struct ClientResponseHead: Sendable, Equatable {
    /// The status code.
    package var status: Int
    /// `Content-Length`, when present (duplicates must agree).
    package var contentLength: Int?
    /// `Transfer-Encoding` ends with `chunked`.
    package var chunked = false
    /// The server allows another request on this connection.
    package var keepAlive: Bool

    /// Parses the head's bytes: CRLF-separated lines, without the blank line that ends them.
    package init(_ head: UnsafeBufferPointer<UInt8>) throws(ClientError) {
        var lines = Lines(head)
        guard let statusLine = lines.next() else { throw .malformedResponse }
        (status, keepAlive) = try Self.statusLine(statusLine)
        while let line = lines.next() {
            guard !line.isEmpty, case .success(let field) = HeaderField.parse(line) else { throw .malformedResponse }
            if ByteClass.equalsLowercase(field.name, "content-length") {
                guard let length = HeaderField.contentLength(field.value) else { throw .malformedResponse }
                if let contentLength, contentLength != length { throw .malformedResponse }
                contentLength = length
            } else if ByteClass.equalsLowercase(field.name, "transfer-encoding") {
                let last = field.value.lastIndex(of: UInt8(ascii: ",")).map { field.value.index(after: $0) } ?? 0
                chunked = ByteClass.equalsLowercase(ByteClass.trimmingSpaces(UnsafeBufferPointer(rebasing: field.value[last...])), "chunked")
                if !chunked { throw .malformedResponse }  // framing we can't delimit safely
            } else if ByteClass.equalsLowercase(field.name, "connection") {
                ASCII.forEachListElement(field.value) { token in
                    if ByteClass.equalsLowercase(token, "close") { keepAlive = false }
                    if ByteClass.equalsLowercase(token, "keep-alive") { keepAlive = true }
                }
            }
        }
        if chunked { contentLength = nil }  // RFC 9112 §6.3: chunked wins
    }

    /// `HTTP-version SP 3DIGIT [ SP reason-phrase ]`: the status, and whether the version keeps
    /// the connection open by default (HTTP/1.1).
    private static func statusLine(_ line: UnsafeBufferPointer<UInt8>) throws(ClientError) -> (Int, Bool) {
        guard line.count >= 12, line[8] == ByteClass.sp, line.count == 12 || line[12] == ByteClass.sp,
              case .success(let version) = HTTPVersion.parse(UnsafeBufferPointer(rebasing: line[..<8])),
              line[9...11].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              line.dropFirst(12).allSatisfy(ByteClass.isFieldValueByte)
        else { throw .malformedResponse }
        let status = line[9...11].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard status >= 100 else { throw .malformedResponse }
        return (status, version == .http1_1)
    }
}

/// The CRLF-separated lines of a head (no line holds a bare LF: `ResponseParser` refused it).
private struct Lines {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var start = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func next() -> UnsafeBufferPointer<UInt8>? {
        guard start <= bytes.count else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != ByteClass.lf { end += 1 }
        defer { start = end + 1 }
        let lineEnd = end < bytes.count ? end - 1 : end  // drop the CR before an LF
        return UnsafeBufferPointer(rebasing: bytes[start..<max(start, lineEnd)])
    }
}
