/// Incremental decoder of a chunked body (RFC 9112 §7.1): resumes where it stopped.
/// Chunk extensions are allowed and ignored; trailer fields are read and discarded.
struct ChunkedDecoder: Sendable {
    enum Outcome: Sendable {
        case needMore
        /// The body is complete; the request ends before index `end`.
        case done(end: Int)
        case failure(HTTPError)
    }

    enum Phase: Sendable {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailer
    }

    /// The decoded body so far.
    var body: [UInt8] = []
    var phase = Phase.size
    var position: Int
    var lineStart: Int
    var trailerBytes = 0
    let maxBody: Int
    let maxTrailerBytes: Int
    let maxSizeLine = 4096

    init(start: Int, maxBody: Int, maxTrailerBytes: Int) {
        position = start
        lineStart = start
        self.maxBody = maxBody
        self.maxTrailerBytes = maxTrailerBytes
    }

    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        while true {
            switch phase {
            case .data(let remaining):
                let available = min(remaining, bytes.count - position)
                if available > 0 {
                    body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<position + available]))
                    position += available
                }
                guard available == remaining else {
                    phase = .data(remaining: remaining - available)
                    return .needMore
                }
                phase = .dataEnd
            case .dataEnd:
                guard bytes.count - position >= 2 else { return .needMore }
                guard bytes[position] == ByteClass.cr, bytes[position + 1] == ByteClass.lf else {
                    return .failure(.badRequest("Chunk data is not followed by CRLF."))
                }
                position += 2
                lineStart = position
                phase = .size
            case .size, .trailer:
                switch nextLine(bytes) {
                case .none:
                    if position - lineStart > maxSizeLine { return .failure(.badRequest("Chunk line too long.")) }
                    return .needMore
                case .some(.failure(let error)):
                    return .failure(error)
                case .some(.success(let line)):
                    if let outcome = handleLine(line) { return outcome }
                }
            }
        }
    }

    /// The next complete line (without CRLF), advancing past it; nil if incomplete.
    private mutating func nextLine(
        _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Swift.Result<UnsafeBufferPointer<UInt8>, HTTPError>? {
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == ByteClass.lf {
                guard position - 2 >= lineStart, bytes[position - 2] == ByteClass.cr else {
                    return .failure(.badRequest("Bare LF line ending."))
                }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<position - 2])
                lineStart = position
                return .success(line)
            }
        }
        return nil
    }
}
