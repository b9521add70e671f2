/// Parses one HTTP/1.1 response as its bytes arrive: the head, then a body framed by
/// `Content-Length`, chunked, or delimited by the connection's close. Bytes are fed in as
/// the socket gives them (`receive`), and the end of input is reported (`receiveEnd`); each
/// byte is looked at a bounded number of times, however the response is split.
///
/// Interim responses (1xx, e.g. `103 Early Hints`) are skipped to the final one (RFC 9110
/// §15.2): taking one as the answer would leave the real answer for the connection's next
/// request. `101 Switching Protocols` was never asked for and is `.malformedResponse`, as is a
/// line ended by a bare LF, at once rather than at the deadline.
///
/// Anything past `limit` bytes (head and framing included) is `.tooLarge`; the connection's
/// end before a complete response is `.closedBeforeResponse` when nothing at all came (on a
/// reused keep-alive connection: stale), `.connection` otherwise.
struct UpstreamResponseParser {
    /// The largest response head accepted.
    static let maxHeadBytes = 64 * 1024

    /// Where in the response the next bytes belong.
    private enum Stage {
        case head
        /// Body bytes still to come, then the response (or the chunk's CRLF) is complete.
        case data(left: Int, chunk: Bool)
        case chunkSize
        case chunkEnd
        case trailers
        case untilClose
    }

    private let limit: Int
    private var buffer: [UInt8] = []
    private var position = 0
    /// Where the next search for a line's end resumes: a failed search leaves none before it.
    private var scanFrom = 0
    private var received = 0
    private var stage = Stage.head
    private var head: UpstreamResponseHead?
    private var body: [UInt8] = []

    /// A parser that gives up past `limit` bytes.
    init(limit: Int) {
        self.limit = limit
    }

    /// Whether any byte has arrived (a failure before the first is a stale connection's).
    var receivedAny: Bool { received > 0 }

    /// Takes `bytes`; the response once it is complete (nil: more is needed).
    mutating func receive(_ bytes: UnsafeRawBufferPointer) throws(UpstreamError) -> UpstreamResponse? {
        received += bytes.count
        if received > limit { throw .tooLarge }
        if position > 0 && position * 2 > buffer.count {
            buffer.removeFirst(position)
            scanFrom = max(0, scanFrom - position)
            position = 0
        }
        buffer.append(contentsOf: bytes)
        return try advance()
    }

    /// The peer closed its side: a close-delimited body is complete, anything else unfinished.
    mutating func receiveEnd() throws(UpstreamError) -> UpstreamResponse {
        guard case .untilClose = stage, let head else { throw received == 0 ? .closedBeforeResponse : .connection(errno: 0) }
        return UpstreamResponse(status: head.status, body: body, keepAlive: false)
    }

    /// Parses as far as the buffered bytes go.
    private mutating func advance() throws(UpstreamError) -> UpstreamResponse? {
        while true {
            switch stage {
            case .head:
                guard let end = try find(blankLine: true) else {
                    if buffer.count - position > Self.maxHeadBytes { throw .tooLarge }
                    return nil
                }
                let parsed = try UpstreamResponseHead(buffer[position..<end])
                position = end + 4
                if parsed.status < 200 {
                    if parsed.status == 101 { throw .malformedResponse }
                    continue  // interim: the final response follows
                }
                head = parsed
                if parsed.status == 204 || parsed.status == 304 {
                    return complete()  // never has a body
                } else if parsed.chunked {
                    stage = .chunkSize
                } else if let length = parsed.contentLength {
                    guard length <= limit else { throw .tooLarge }
                    stage = .data(left: length, chunk: false)
                } else {
                    stage = .untilClose
                }
            case .data(let left, let chunk):
                let count = min(left, buffer.count - position)
                body.append(contentsOf: buffer[position..<position + count])
                position += count
                guard count == left else {
                    stage = .data(left: left - count, chunk: chunk)
                    return nil
                }
                if !chunk { return complete() }
                stage = .chunkEnd
            case .chunkSize:
                guard let line = try readLine() else { return nil }
                let sizeText = line.split(separator: UInt8(ascii: ";"), maxSplits: 1, omittingEmptySubsequences: false)[0]
                guard let size = Int(String(decoding: sizeText, as: UTF8.self).trimmingSuffixSpaces, radix: 16), size >= 0
                else { throw .malformedResponse }
                guard size <= limit else { throw .tooLarge }
                stage = size == 0 ? .trailers : .data(left: size, chunk: true)
            case .chunkEnd:
                guard let line = try readLine() else { return nil }
                guard line.isEmpty else { throw .malformedResponse }
                stage = .chunkSize
            case .trailers:
                guard let line = try readLine() else { return nil }
                if line.isEmpty { return complete() }  // the blank line after the trailers
            case .untilClose:
                body.append(contentsOf: buffer[position...])
                position = buffer.count
                return nil
            }
        }
    }

    /// The response just completed; reusable only when nothing was read past it.
    private func complete() -> UpstreamResponse? {
        guard let head else { return nil }
        return UpstreamResponse(status: head.status, body: body, keepAlive: head.keepAlive && position == buffer.count)
    }

    /// The next line, without its CRLF; nil until it is complete.
    private mutating func readLine() throws(UpstreamError) -> ArraySlice<UInt8>? {
        guard let end = try find(blankLine: false) else {
            return nil
        }
        defer { position = end + 2 }
        return buffer[position..<end]
    }

    /// The start of the first CRLF (or, for `blankLine`, CRLF CRLF) after `position`; throws
    /// at an LF not preceded by its CR (a bare LF at `position` itself counts: the byte
    /// before belongs to the body). A search that fails resumes where it stopped once more
    /// bytes arrive (after a match, `position` is past that point), so a head trickling in is
    /// not scanned again from its start.
    private mutating func find(blankLine: Bool) throws(UpstreamError) -> Int? {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var index = max(position, scanFrom)
        while index < buffer.count {
            if buffer[index] == lf {
                guard index > position, buffer[index - 1] == cr else { throw .malformedResponse }
                if !blankLine { return index - 1 }
                if index - 3 >= position, buffer[index - 3] == cr, buffer[index - 2] == lf { return index - 3 }
            }
            index += 1
        }
        scanFrom = buffer.count
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
