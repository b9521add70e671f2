#if canImport(Glibc)
import Glibc
#endif

/// An incremental, strict HTTP/1.1 request parser (RFC 9112) over bytes; no sockets.
///
/// Feed it the unconsumed bytes of a connection, starting at the current request's first byte,
/// each time more arrive: it resumes where it stopped (no rescanning, so trickled bytes cost
/// O(n)), fails as early as possible (a line that can no longer become valid fails at the byte
/// that decides it, before its LF: `PartialLine`; limits fail before the terminating empty line
/// arrives) and returns a complete request with
/// the number of bytes it used. Pipelined requests: call again with the rest.
///
/// A chunked body's raw bytes need not stay buffered: `releaseConsumed` says how many leading
/// bytes the caller may drop, so a connection's input is bounded by the limits.
///
/// Choices where RFC 9112 leaves room: lines must end in CRLF (a bare LF is a 400); empty lines
/// before a request line are skipped; `HTTP/1.x` with x > 1 is served as HTTP/1.1, another
/// major version is 505; `Content-Length` must be plain digits, and repeated fields must agree.
struct RequestParser: Sendable {
    /// What a call to `parse` produced.
    enum Result: Sendable {
        /// The bytes so far are a valid prefix; call again when more arrive.
        case needMore
        /// A complete request (`requestID` empty) using the first `consumed` bytes.
        case request(HTTPRequest, consumed: Int)
        /// The input is invalid; answer with this error and close.
        case failure(HTTPError)
    }

    /// How the body is framed. A chunked decoder is boxed (`indirect`): the parser every
    /// connection keeps, idle or not, stays small.
    enum Body: Sendable {
        case none
        case length(Int)
        indirect case chunked(ChunkedDecoder)
    }

    /// The error the input failed with, boxed (`indirect`) for the same reason.
    enum Failure: Sendable {
        case none
        indirect case failed(HTTPError)
    }

    let limits: RequestLimits
    /// Bytes of the current request examined so far.
    private(set) var scanned = 0
    var lineStart = 0
    var headStart = 0
    var requestLineEnd: Int?
    var request: HTTPRequest?
    var headerCount = 0
    var headEnd: Int?
    var body = Body.none
    var failure = Failure.none
    /// How far the check of a line still arriving got.
    private var partialLine = PartialLine()
    /// Emptied header storage of earlier requests, for the next ones (`recycle`): one per
    /// answer a connection may owe, since each request's fields live until it is answered.
    private var spareHeaders: [HTTPHeaders] = []

    init(limits: RequestLimits = RequestLimits()) {
        self.limits = limits
    }

    private init(limits: RequestLimits, spareHeaders: [HTTPHeaders]) {
        self.limits = limits
        self.spareHeaders = spareHeaders
    }

    /// Most bytes of names and values, and fields, whose storage `recycle` keeps.
    static let recycledHeaderBytes = 2048, recycledHeaderFields = 32
    /// Most emptied header storages kept: the answers a connection may owe (pipelining).
    static let maxSpareHeaders = 16

    /// Takes back the header fields of an answered request: emptied, their storage serves a
    /// later request's fields (no allocation when the handler kept no copy of them). Storage
    /// grown past `recycledHeaderBytes` or `recycledHeaderFields`, or beyond `maxSpareHeaders`
    /// spares, is freed instead.
    mutating func recycle(_ headers: inout HTTPHeaders) {
        let capacity = headers.capacity
        guard capacity.bytes <= Self.recycledHeaderBytes, capacity.fields <= Self.recycledHeaderFields,
              capacity.bytes + capacity.fields > 0, spareHeaders.count < Self.maxSpareHeaders else { return }
        headers.removeAll()
        spareHeaders.append(HTTPHeaders())
        swap(&spareHeaders[spareHeaders.count - 1], &headers)
    }

    /// Whether no byte of a request has been seen since the last complete one (or the start),
    /// and no failure is kept.
    var isAtStart: Bool {
        guard case .none = failure else { return false }
        return scanned == 0 && request == nil
    }

    /// Bytes and fields the spare header storages have room for, together.
    var spareCapacity: Int { spareHeaders.reduce(0) { $0 + $1.capacity.bytes + $1.capacity.fields } }

    /// Whether the request head is complete and the parser is now reading a body.
    var isReadingBody: Bool { headEnd != nil }

    /// The current request as its head gave it once the head was read whole (its line and
    /// every field, whatever its framing or body did next), else nil: until the empty line
    /// ends it, its fields are offsets into bytes not yet copied in, and no field can be read.
    var wholeHead: HTTPRequest? { headEnd != nil ? request : nil }

    /// Whether the current request asked for `100-continue` and its body has not arrived yet.
    var expectsContinue: Bool {
        guard headEnd != nil, let request else { return false }
        return request.version == .http1_1 && request.headers["Expect"]?.lowercased() == "100-continue"
    }

    /// Parses `bytes`, the unconsumed input starting at the current request.
    mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result {
        if case .failed(let error) = failure { return .failure(error) }
        let result = step(bytes)
        switch result {
        case .failure(let error): failure = .failed(error)
        case .request: self = RequestParser(limits: limits, spareHeaders: spareHeaders)
        case .needMore: break
        }
        return result
    }

    /// Convenience for tests and tools.
    mutating func parse(_ bytes: [UInt8]) -> Result {
        bytes.withUnsafeBufferPointer { parse($0) }
    }

    private mutating func step(_ bytes: UnsafeBufferPointer<UInt8>) -> Result {
        if headEnd == nil {
            if let error = scanHead(bytes) { return .failure(error) }
            guard headEnd != nil else { return .needMore }
        }
        return readBody(bytes)
    }

    /// The request once its body is complete, moved out of the parser (not copied).
    private mutating func readBody(_ bytes: UnsafeBufferPointer<UInt8>) -> Result {
        guard let start = headEnd, request != nil else { return .needMore }
        switch body {
        case .none:
            return .request(request.take()!, consumed: start)
        case .length(let length):
            guard bytes.count - start >= length else { return .needMore }
            request!.body = Array(bytes[start..<start + length])  // set in place, then moved out: never copied
            return .request(request.take()!, consumed: start + length)
        case .chunked(var decoder):
            body = .none  // the decoder alone owns its body while it grows: no copy on append
            switch decoder.decode(UnsafeBufferPointer(rebasing: bytes[start...])) {
            case .needMore:
                body = .chunked(decoder)
                return .needMore
            case .failure(let error):
                return .failure(error)
            case .done(let end):
                var complete = request.take()!
                complete.body = decoder.body
                return .request(complete, consumed: start + end)
            }
        }
    }

    /// Forgets the input the current request no longer needs and returns its length: the caller
    /// drops that many bytes from the front of its input before the next `parse`. Once a chunked
    /// body is being read, that is the head and every decoded chunk and finished line, so a
    /// connection keeps at most one chunk line, not the raw body (SPEC §4.4); otherwise 0.
    mutating func releaseConsumed() -> Int {
        guard let headEnd, case .chunked(var decoder) = body else { return 0 }
        body = .none
        let released = headEnd + decoder.releaseConsumed()
        body = .chunked(decoder)
        self.headEnd = 0  // the body now starts at the input's first byte
        return released
    }

    /// Scans new bytes for line ends; returns an error as soon as one is certain.
    private mutating func scanHead(_ bytes: UnsafeBufferPointer<UInt8>) -> HTTPError? {
        var index = scanned
        let count = bytes.count
        while index < count, headEnd == nil {
            // The next LF, found with memchr rather than a byte at a time.
            guard let found = memchr(bytes.baseAddress! + index, Int32(ByteClass.lf), count - index) else {
                // The line goes on past these bytes: the new ones are checked now (SPEC §4.3).
                if let error = partialLineRefusal(bytes, from: index, end: count) { return error }
                index = count
                break
            }
            let lf = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            guard lf > lineStart, bytes[lf - 1] == ByteClass.cr else {
                // What the line's bytes got before its LF, had they come one at a time, comes first.
                return lineRefusal(upTo: lf, of: bytes) ?? limitRefusal(count: lf) ?? .badRequest("Bare LF line ending.")
            }
            if let error = processLine(lineStart..<lf - 1, of: bytes) { return error }
            lineStart = lf + 1
            index = lf + 1
        }
        scanned = index
        guard headEnd == nil else { return nil }
        return limitRefusal(count: count)
    }

    /// The limit the head's `count` bytes pass (its last line not ended), or nil.
    private func limitRefusal(count: Int) -> HTTPError? {
        if let requestLineEnd {
            return count - requestLineEnd > limits.maxHeaderBytes + 2 ? .headerFieldsTooLarge : nil
        }
        return count - lineStart > limits.maxRequestLine + 1 ? .uriTooLong : nil
    }

    /// Handles one complete line of `bytes` (the range without its CRLF). A header field is
    /// kept as offsets from the end of the request line; the head's bytes after the request line
    /// are copied into the headers at once when the empty line ends it.
    private mutating func processLine(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> HTTPError? {
        let line = UnsafeBufferPointer(rebasing: bytes[range])
        let end = range.upperBound + 2
        guard let requestLineEnd else {
            if line.isEmpty {
                headStart = end
                return headStart > limits.maxRequestLine ? .badRequest("Too many empty lines.") : nil
            }
            if line.count > limits.maxRequestLine { return lineRefusal(upTo: end - 1, of: bytes) ?? .uriTooLong }
            switch Self.parseRequestLine(line) {
            case .success(let parsed):
                request = parsed
                if let spare = spareHeaders.popLast() { request!.headers = spare }  // both empty: the spare has storage
                self.requestLineEnd = end
                return nil
            case .failure(let error):
                return error
            }
        }
        if line.isEmpty {
            headEnd = end
            request!.headers.appendHead(UnsafeBufferPointer(rebasing: bytes[requestLineEnd..<range.lowerBound]))
            return finishHead()
        }
        headerCount += 1
        if headerCount > limits.maxHeaderCount || end - requestLineEnd > limits.maxHeaderBytes {
            headerCount -= 1  // as it was while the line arrived
            return lineRefusal(upTo: end - 1, of: bytes) ?? .headerFieldsTooLarge
        }
        switch HeaderField.parse(line) {
        case .success(let field):
            let start = bytes.baseAddress! + requestLineEnd
            request!.headers.appendPendingField(name: Self.offsets(of: field.name, from: start), value: Self.offsets(of: field.value, from: start),
                                                initial: line[0])
            return nil
        case .failure(let error):
            return error
        }
    }

    /// The refusal of the line in `bytes[from..<end]`, which no LF ends yet (`PartialLine`), or
    /// nil. A refusal at a byte past a limit is the limit's, as for a complete line: the shortest
    /// line it can be (ended by the refused byte if that is a CR, else by a CRLF after it) is
    /// measured.
    private func refusal(of line: inout PartialLine, _ bytes: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> HTTPError? {
        guard let (at, error) = line.refusal(bytes, lineStart: lineStart, from: from, end: end, requestLine: requestLineEnd == nil)
        else { return nil }
        let lineEnd = bytes[at] == ByteClass.cr ? at : at + 1
        guard let requestLineEnd else { return lineEnd - lineStart > limits.maxRequestLine ? .uriTooLong : error }
        return headerCount >= limits.maxHeaderCount || lineEnd + 2 - requestLineEnd > limits.maxHeaderBytes
            ? .headerFieldsTooLarge : error
    }

    /// The new bytes of the line still arriving, checked (`refusal(of:)`).
    private mutating func partialLineRefusal(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> HTTPError? {
        var line = partialLine
        defer { partialLine = line }
        return refusal(of: &line, bytes, from: from, end: end)
    }

    /// For a line of `bytes` that ends at the LF at `lf` but that `scanHead` refuses (a bare LF,
    /// a limit): the refusal it would have got before its LF had it come a byte at a time (a bad
    /// byte before a limit is a 400 however the bytes came), or nil.
    private func lineRefusal(upTo lf: Int, of bytes: UnsafeBufferPointer<UInt8>) -> HTTPError? {
        var line = PartialLine()
        return refusal(of: &line, bytes, from: lineStart, end: lf)
    }

    /// Where `part` (a field's name or value) lies from `start`; an empty value may have no
    /// address: it is then empty at 0.
    private static func offsets(of part: UnsafeBufferPointer<UInt8>, from start: UnsafePointer<UInt8>) -> Range<Int> {
        guard let base = part.baseAddress else { return 0..<0 }
        return base - start..<base - start + part.count
    }
}
