import HTTPServer

/// Parses one HTTP/1.1 response as its bytes arrive: the head, then a body framed by
/// `Content-Length`, chunked (the server's `ChunkedDecoder`: one decoder for both directions),
/// or delimited by the connection's close. Bytes are fed in as the socket gives them
/// (`receive`), and the end of input is reported (`receiveEnd`); each byte is looked at a
/// bounded number of times, however the response is split.
///
/// Interim responses (1xx, e.g. `103 Early Hints`) are skipped to the final one (RFC 9110
/// §15.2): taking one as the answer would leave the real answer for the connection's next
/// request. `101 Switching Protocols` was never asked for and is `.malformedResponse`, as is a
/// line ended by a bare LF, at once rather than at the deadline. The answer to a HEAD request
/// has no body, whatever its head says.
///
/// Anything past `limit` bytes (head and framing included) is `.tooLarge`; the connection's
/// end before a complete response is `.closedBeforeResponse` when nothing at all came (on a
/// reused keep-alive connection: stale), `.connection` otherwise.
package struct ResponseParser {
    /// The largest response head accepted; also what a chunked body's framing may spend beyond
    /// what its data pays for (`ChunkedDecoder`'s budget).
    package static let maxHeadBytes = 64 * 1024

    /// Where in the response the next bytes belong.
    private enum Stage {
        case head
        /// Body bytes still to come, then the response is complete.
        case length(left: Int)
        case chunked(ChunkedDecoder)
        case untilClose
    }

    private let limit: Int
    private let bodiless: Bool
    private var buffer: [UInt8] = []
    private var position = 0
    /// Where the next search for the head's end resumes: a failed search leaves none before it.
    private var scanFrom = 0
    private var received = 0
    private var stage = Stage.head
    private var head: ClientResponseHead?
    private var body: [UInt8] = []

    /// A parser that gives up past `limit` bytes; `bodiless` for the answer to a HEAD request.
    package init(limit: Int, bodiless: Bool = false) {
        self.limit = limit
        self.bodiless = bodiless
    }

    /// Whether any byte has arrived (a failure before the first is a stale connection's).
    package var receivedAny: Bool { received > 0 }

    /// Whether bytes past the response just completed were received (the start of another).
    package var hasBytesPastResponse: Bool { position < buffer.count }

    /// Takes `bytes`; the response once it is complete (nil: more is needed).
    package mutating func receive(_ bytes: UnsafeRawBufferPointer) throws(ClientError) -> ClientResponse? {
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
    package mutating func receiveEnd() throws(ClientError) -> ClientResponse {
        guard case .untilClose = stage, let head else { throw received == 0 ? .closedBeforeResponse : .connection(errno: 0) }
        return ClientResponse(status: head.status, body: body, keepAlive: false)
    }

    /// Parses as far as the buffered bytes go.
    private mutating func advance() throws(ClientError) -> ClientResponse? {
        while true {
            switch stage {
            case .head:
                guard let parsed = try nextHead() else { return nil }
                if parsed.status < 200 {
                    if parsed.status == 101 { throw .malformedResponse }
                    continue  // interim: the final response follows
                }
                head = parsed
                if bodiless || parsed.status == 204 || parsed.status == 304 {
                    return complete(body)  // never has a body
                } else if parsed.chunked {
                    stage = .chunked(ChunkedDecoder(maxBody: limit, framingBudget: Self.maxHeadBytes))
                } else if let length = parsed.contentLength {
                    guard length <= limit else { throw .tooLarge }
                    stage = .length(left: length)
                } else {
                    stage = .untilClose
                }
            case .length(let left):
                let count = min(left, buffer.count - position)
                body.append(contentsOf: buffer[position..<position + count])
                position += count
                guard count == left else {
                    stage = .length(left: left - count)
                    return nil
                }
                return complete(body)
            case .chunked(var decoder):
                stage = .head  // the decoder alone owns its body while it grows: no copy on append
                let outcome = buffer.withUnsafeBufferPointer { decoder.decode(UnsafeBufferPointer(rebasing: $0[position...])) }
                switch outcome {
                case .needMore:
                    position += decoder.releaseConsumed()
                    stage = .chunked(decoder)
                    return nil
                case .done(let end):
                    position += end
                    return complete(decoder.body)
                case .failure(let error):
                    throw error.status == 413 || error.status == 431 ? .tooLarge : .malformedResponse
                }
            case .untilClose:
                body.append(contentsOf: buffer[position...])
                position = buffer.count
                return nil
            }
        }
    }

    /// The response just completed with `body`; reusable only when nothing was read past it.
    private func complete(_ body: [UInt8]) -> ClientResponse? {
        guard let head else { return nil }
        return ClientResponse(status: head.status, body: body, keepAlive: head.keepAlive && position == buffer.count)
    }

    /// The next head, once its blank line has arrived (nil before), with `position` past it.
    private mutating func nextHead() throws(ClientError) -> ClientResponseHead? {
        guard let end = try findBlankLine() else {
            if buffer.count - position > Self.maxHeadBytes { throw .tooLarge }
            return nil
        }
        let head = try buffer.withUnsafeBufferPointer { bytes throws(ClientError) in
            try ClientResponseHead(UnsafeBufferPointer(rebasing: bytes[position..<end]))
        }
        position = end + 4
        return head
    }

    /// The start of the first CRLF CRLF after `position`; throws at an LF not preceded by its
    /// CR (a bare LF at `position` itself counts: the byte before belongs to the body). A
    /// search that fails resumes where it stopped once more bytes arrive (after a match,
    /// `position` is past that point), so a head trickling in is not scanned again from its
    /// start.
    private mutating func findBlankLine() throws(ClientError) -> Int? {
        var index = max(position, scanFrom)
        while index < buffer.count {
            if buffer[index] == ByteClass.lf {
                guard index > position, buffer[index - 1] == ByteClass.cr else { throw .malformedResponse }
                if index - 3 >= position, buffer[index - 3] == ByteClass.cr, buffer[index - 2] == ByteClass.lf { return index - 3 }
            }
            index += 1
        }
        scanFrom = buffer.count
        return nil
    }
}
