/// Reads one response from a connection: the head, then a body framed by `Content-Length`,
/// by `Transfer-Encoding: chunked`, or by the server closing the connection.
///
/// Everything received counts against `limit` (head and chunk framing included), so a
/// hostile or broken upstream can't make the BFF buffer without bound. The reader owns the
/// connection while it reads: dropped on an error, the connection is closed with it.
struct UpstreamResponseReader: ~Copyable {
    /// The largest head accepted.
    static let maxHeadBytes = 64 * 1024

    private let connection: UpstreamConnection
    private let deadline: UpstreamDeadline
    private let limit: Int
    private var buffer: [UInt8] = []
    private var position = 0
    private var received = 0

    /// A reader of `connection` that gives up at `deadline` or past `limit` bytes.
    init(connection: consuming UpstreamConnection, deadline: UpstreamDeadline, limit: Int) {
        self.connection = connection
        self.deadline = deadline
        self.limit = limit
    }

    /// Gives the connection back (after a response that leaves it reusable).
    consuming func finish() -> UpstreamConnection {
        connection
    }

    /// Reads the response. A close or reset before its first byte is `.closedBeforeResponse`.
    mutating func read() throws(UpstreamError) -> UpstreamResponse {
        let head = try readHead()
        let body: [UInt8]
        var keepAlive = head.keepAlive
        if head.status == 204 || head.status == 304 || head.status < 200 {
            body = []  // never has a body (1xx is treated as final: it is not a 200 anyway)
        } else if head.chunked {
            body = try readChunked()
        } else if let length = head.contentLength {
            body = Array(try take(length))
        } else {
            body = try readToClose()
            keepAlive = false
        }
        return UpstreamResponse(status: head.status, body: body, keepAlive: keepAlive && position == buffer.count)
    }

    private mutating func readHead() throws(UpstreamError) -> UpstreamResponseHead {
        let end: Int
        while true {
            if let found = find([13, 10, 13, 10], from: position) {
                end = found
                break
            }
            if buffer.count - position > Self.maxHeadBytes { throw .tooLarge }
            guard try fill() else { throw received == 0 ? .closedBeforeResponse : .connection(errno: 0) }
        }
        let head = try UpstreamResponseHead(buffer[position..<end])
        position = end + 4
        return head
    }

    private mutating func readChunked() throws(UpstreamError) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try readLine()
            let sizeText = line.split(separator: UInt8(ascii: ";"), maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard let size = Int(String(decoding: sizeText, as: UTF8.self).trimmingSuffixSpaces, radix: 16), size >= 0
            else { throw .malformedResponse }
            if size == 0 { break }
            guard size <= limit else { throw .tooLarge }
            body.append(contentsOf: try take(size))
            guard try readLine().isEmpty else { throw .malformedResponse }
        }
        while try !readLine().isEmpty {}  // trailers, up to the blank line
        return body
    }

    private mutating func readToClose() throws(UpstreamError) -> [UInt8] {
        while try fill() {}
        defer { position = buffer.count }
        return Array(buffer[position...])
    }

    /// The next line, without its CRLF.
    private mutating func readLine() throws(UpstreamError) -> ArraySlice<UInt8> {
        while true {
            if let end = find([13, 10], from: position) {
                defer { position = end + 2 }
                return buffer[position..<end]
            }
            guard try fill() else { throw .connection(errno: 0) }
        }
    }

    /// Exactly `count` more bytes.
    private mutating func take(_ count: Int) throws(UpstreamError) -> ArraySlice<UInt8> {
        guard count <= limit else { throw .tooLarge }
        while buffer.count - position < count {
            guard try fill() else { throw .connection(errno: 0) }
        }
        defer { position += count }
        return buffer[position..<position + count]
    }

    /// Reads more; `false` when the peer has closed its side.
    private mutating func fill() throws(UpstreamError) -> Bool {
        if position > 64 * 1024 && position * 2 > buffer.count {
            buffer.removeFirst(position)
            position = 0
        }
        let count: Int
        do {
            count = try connection.read(into: &buffer, deadline: deadline)
        } catch .connection where received == 0 {
            throw .closedBeforeResponse  // reset before the first byte: a stale connection
        }
        received += count
        if received > limit { throw .tooLarge }
        return count > 0
    }

    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        guard buffer.count - start >= pattern.count else { return nil }
        var index = start
        while index <= buffer.count - pattern.count {
            if buffer[index] == pattern[0] && buffer[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}

private extension String {
    var trimmingSuffixSpaces: String {
        var text = Substring(self)
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
