/// Incremental decoder of a chunked body (RFC 9112 §7.1), of requests (`RequestParser`) and of
/// upstream responses (`HTTPClient`'s `ResponseParser`) alike: resumes where it stopped, and lets
/// its caller drop the raw bytes it is done with (`releaseConsumed`), so that what a
/// connection keeps is bounded by the limits whatever the client sends (SPEC §4.4).
///
/// Bounds, checked on complete and incomplete lines alike:
/// - a chunk-size line, extensions included, is at most `maxChunkLine` bytes (400 beyond);
/// - the framing (chunk-size lines with their CRLFs and extensions, then the trailer fields) is
///   charged to a budget of `framingBudget` bytes, the header-section limit. Each chunk gives
///   back an allowance of 16 bytes plus twice its size, as Go's net/http does, so ordinary
///   framing (even one byte per chunk) never runs out, while extensions that outweigh the data
///   do: 413 when a chunk line overruns the budget, 431 when a trailer field does;
/// - the decoded body is at most `maxBody` bytes (413 beyond).
///
/// Extensions are checked against their grammar (`ChunkLine`) and ignored; trailer fields are
/// checked like header fields and discarded.
package struct ChunkedDecoder: Sendable {
    /// Where decoding stopped.
    package enum Outcome: Sendable {
        case needMore
        /// The body is complete; the request ends before index `end` of the input.
        case done(end: Int)
        case failure(HTTPError)
    }

    private enum Phase: Sendable {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailer
    }

    /// Longest chunk-size line, extensions included, without its CRLF.
    package static let maxChunkLine = 4096
    /// Framing bytes each chunk may use for free, on top of twice its size.
    static let chunkAllowance = 16

    /// The decoded body so far.
    package private(set) var body: [UInt8] = []
    private var phase = Phase.size
    /// The next input byte to examine.
    private var position = 0
    /// The first input byte still needed: the current line's start, or `position` in data.
    private var lineStart = 0
    /// Framing bytes charged to the budget and not yet paid back by chunk data.
    private var framing = 0
    private let maxBody: Int
    private let framingBudget: Int

    /// A decoder whose input starts at the body's first byte.
    package init(maxBody: Int, framingBudget: Int) {
        self.maxBody = maxBody
        self.framingBudget = framingBudget
    }

    /// Decodes what `bytes` (the input since the last release) holds beyond what was seen.
    package mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        while true {
            switch phase {
            case .data(let remaining):
                let available = min(remaining, bytes.count - position)
                if available > 0 {
                    body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<position + available]))
                    position += available
                    lineStart = position
                }
                guard available == remaining else {
                    phase = .data(remaining: remaining - available)
                    return .needMore
                }
                phase = .dataEnd
            case .dataEnd:
                // Checked a byte at a time: anything but CR fails at once, not a byte later.
                let available = bytes.count - position
                guard available >= 1 else { return .needMore }
                guard bytes[position] == ByteClass.cr, available < 2 || bytes[position + 1] == ByteClass.lf else {
                    return .failure(.badRequest("Chunk data is not followed by CRLF."))
                }
                guard available >= 2 else { return .needMore }
                position += 2
                lineStart = position
                phase = .size
            case .size, .trailer:
                switch nextLine(bytes) {
                case .none:
                    return .needMore
                case .some(.failure(let error)):
                    return .failure(error)
                case .some(.success(let line)):
                    if let outcome = handleLine(line) { return outcome }
                }
            }
        }
    }

    /// Forgets the input bytes before the first one still needed and returns their count: the
    /// caller drops that many bytes from the front of its input before the next `decode`.
    package mutating func releaseConsumed() -> Int {
        let released = lineStart
        position -= released
        lineStart = 0
        return released
    }

    /// The next complete line (without CRLF), advancing past it; nil if incomplete. Fails as
    /// soon as the line, complete or not, is longer than the phase allows.
    private mutating func nextLine(
        _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Swift.Result<UnsafeBufferPointer<UInt8>, HTTPError>? {
        let limit = lineLimit
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == ByteClass.lf {
                guard position - 2 >= lineStart, bytes[position - 2] == ByteClass.cr else {
                    return .failure(.badRequest("Bare LF line ending."))
                }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<position - 2])
                if line.count > limit.bytes { return .failure(limit.error) }
                lineStart = position
                return .success(line)
            }
        }
        // An incomplete line may hold its CR already.
        return position - lineStart > limit.bytes + 1 ? .failure(limit.error) : nil
    }

    /// The longest line the current phase accepts, and the answer to a longer one.
    private var lineLimit: (bytes: Int, error: HTTPError) {
        if case .trailer = phase { return (max(0, framingBudget - framing - 2), .headerFieldsTooLarge) }
        return (Self.maxChunkLine, .badRequest("Chunk line too long."))
    }

    /// Handles a chunk-size line or a trailer line; returns an outcome when decoding stops.
    private mutating func handleLine(_ line: UnsafeBufferPointer<UInt8>) -> Outcome? {
        if case .trailer = phase {
            if line.isEmpty { return .done(end: position) }
            framing += line.count + 2  // within the budget: `lineLimit` checked it
            if case .failure(let error) = HeaderField.parse(line) { return .failure(error) }
            return nil
        }
        guard let size = ChunkLine.size(line) else { return .failure(.badRequest("Invalid chunk size.")) }
        if size > maxBody - body.count { return .failure(.contentTooLarge) }
        framing = max(0, framing + line.count + 2 - Self.chunkAllowance - 2 * size)
        if framing > framingBudget { return .failure(.contentTooLarge) }
        // No `reserveCapacity` per chunk: exact reservations would copy the body once per chunk.
        phase = size == 0 ? .trailer : .data(remaining: size)
        return nil
    }
}
