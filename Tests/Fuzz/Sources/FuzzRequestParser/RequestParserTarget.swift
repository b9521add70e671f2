import FuzzSupport
@testable import HTTPServer

/// Feeds one input as a connection does (parse, consume each complete request, parse the rest
/// before reading more), in one piece, byte by byte and at input-derived split points, and
/// checks that every feed ends the same way and that each step keeps its limits.
enum RequestParserTarget {
    /// Small limits, so that short inputs reach every limit.
    static let limits = RequestLimits(maxRequestLine: 512, maxHeaderBytes: 1024, maxHeaderCount: 16, maxBody: 1024)
    /// The most a valid head can buffer: leading empty lines, the request line, the fields,
    /// the final empty line (each limit is checked one byte after it is passed).
    static let headBound = 2 * limits.maxRequestLine + limits.maxHeaderBytes + 8
    /// The longest chunk line kept while a chunked body is read (its limit and CRLF).
    static let chunkLineBound = 4096 + 2

    static func run(_ input: [UInt8]) {
        let whole = feed(input, pieces: [input[...]])
        let trickled = feed(input, pieces: input.indices.map { input[$0...$0] })
        let split = feed(input, pieces: SplitPoints.pieces(of: input, at: SplitPoints.cuts(of: input, maxCuts: 8)))
        FuzzCheck.require(whole == trickled, "one piece \(whole) differs from byte by byte \(trickled)", input: input)
        FuzzCheck.require(whole == split, "one piece \(whole) differs from split \(split)", input: input)
    }

    /// The trace of one feed, checking the per-step invariants as it goes.
    static func feed(_ input: [UInt8], pieces: [ArraySlice<UInt8>]) -> ParseTrace {
        var trace = ParseTrace()
        var parser = RequestParser(limits: limits)
        var buffer: [UInt8] = []
        var start = 0
        /// Bytes of the request under way already released (so `consumed` counts from there).
        var released = 0
        for piece in pieces {
            buffer += piece
            while start < buffer.count {
                let pending = buffer.count - start
                let result = buffer.withUnsafeBufferPointer { parser.parse(UnsafeBufferPointer(rebasing: $0[start...])) }
                switch result {
                case .needMore:
                    // As a connection does: drop what the parser is done with (a chunked
                    // body's head, decoded chunks and lines), so only one line and one read stay.
                    let dropped = parser.releaseConsumed()
                    start += dropped
                    released += dropped
                    let kept = buffer.count - start
                    let bound = parser.isReadingBody ? chunkLineBound + limits.maxHeaderBytes + piece.count : headBound
                    FuzzCheck.require(kept <= bound, "needMore with \(kept) bytes buffered (bound \(bound))", input: input)
                case .failure(let error):
                    FuzzCheck.require((400...599).contains(error.status), "failure status \(error.status)", input: input)
                    trace.end = .failure
                    trace.status = error.status
                    return trace
                case .request(let request, let consumed):
                    FuzzCheck.require(consumed > 0 && consumed <= pending, "consumed \(consumed) of \(pending)", input: input)
                    check(request, input: input)
                    trace.requests.append(ParseTrace.Parsed(
                        method: request.method, target: request.target, version: request.version,
                        headers: request.headers.map { "\($0.name): \($0.value)" }, body: request.body,
                        consumed: released + consumed))
                    start += consumed
                    released = 0
                    continue
                }
                break
            }
        }
        return trace
    }

    /// What every request the parser returns must satisfy.
    static func check(_ request: HTTPRequest, input: [UInt8]) {
        FuzzCheck.require(request.body.count <= limits.maxBody, "body of \(request.body.count) bytes", input: input)
        FuzzCheck.require(request.headers.count <= limits.maxHeaderCount, "\(request.headers.count) fields", input: input)
        FuzzCheck.require(!request.method.isEmpty && request.target.utf8.count <= limits.maxRequestLine,
                          "request line \(request.method) \(request.target)", input: input)
        if request.version == .http1_1 {
            FuzzCheck.require(request.headers.values("Host").count == 1, "HTTP/1.1 without exactly one Host", input: input)
        }
    }
}
