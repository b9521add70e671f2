/// The check of a head line whose LF has not arrived yet: its bytes are read as they come, so a
/// line that can no longer become valid is answered at once (SPEC §4.3) rather than after the
/// head timeout, and a client that sends no HTTP holds no connection for it.
///
/// Only certain refusals: a byte is refused when every completion of the line would be refused
/// with the same status by the complete line's parser (`RequestParser.parseRequestLineByRules`,
/// `HeaderField.parse`), for the shortest completion at least (`RequestParser` turns a refusal
/// past a limit into the limit's 414 or 431). Request line: a method byte that is not a `tchar`,
/// two SPs in a row, a target byte no request-target may hold (`RequestTarget.mayHold`), a
/// version that is not a prefix of `HTTP/` DIGIT `.` DIGIT. Field line: a name byte that is not a
/// `tchar`, a value byte that is not `ByteClass.isFieldValueByte`. Either: a CR followed by
/// anything but LF. What the rest decides (a 505 version, a 501 method, a malformed `%` escape,
/// a target's form) waits for the line's end. PartialLineTests hold every split of generated
/// lines to this.
///
/// Only lines the bytes read so far leave open are checked, and each byte once: a line that
/// arrives whole is parsed as before, not read twice.
struct PartialLine: Sendable {
    /// Where the line this state belongs to starts; any other line starts from nothing.
    private var lineStart = -1
    /// Request line: 0 method, 1 target, 2 version. Field line: 0 name, 1 value.
    private var part = 0
    /// Where the current part starts.
    private var partStart = 0

    /// Checks `bytes[from..<end]`, the bytes of the line starting at `lineStart` that arrived
    /// since the last call (none of them an LF); returns the index of the byte that makes the
    /// line invalid and the error of the complete line, or nil.
    mutating func refusal(_ bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, from: Int, end: Int,
                          requestLine: Bool) -> (at: Int, error: HTTPError)? {
        if self.lineStart != lineStart { self = PartialLine(lineStart: lineStart) }
        var index = from
        // A CR that ended the last bytes is read again with the byte after it.
        if index > lineStart, bytes[index - 1] == ByteClass.cr { index -= 1 }
        while index < end {
            let byte = bytes[index]
            let refused = requestLine ? requestLineRefusal(byte, at: index, end: end, of: bytes)
                : fieldLineRefusal(byte, at: index, end: end)
            switch refused {
            case .next: index += 1
            case .wait: return nil  // a CR at the end: the byte after it decides
            case .refuse(let at, let error): return (at, error)
            }
        }
        return nil
    }

    private init(lineStart: Int) {
        self.lineStart = lineStart
        partStart = lineStart
    }

    init() {}

    /// What one byte does to the line.
    private enum Step {
        /// It may stand there: on to the next byte.
        case next
        /// A CR, the last byte so far, that an LF would make the line's end.
        case wait
        /// The line can't become valid: refused at `at` with the complete line's error.
        case refuse(at: Int, HTTPError)
    }

    /// A CR at `index`: when an LF after it would end a valid line (`mayEndLine`), wait while it
    /// is the last byte, else refused at the byte after it (no LF: the caller's bytes hold none);
    /// when not, refused at once.
    private static func carriageReturn(at index: Int, end: Int, mayEndLine: Bool, _ error: HTTPError) -> Step {
        guard mayEndLine else { return .refuse(at: index, error) }
        return index + 1 < end ? .refuse(at: index + 1, error) : .wait
    }

    /// What `byte`, at `index` of a request line, does to it.
    private mutating func requestLineRefusal(_ byte: UInt8, at index: Int, end: Int,
                                             of bytes: UnsafeBufferPointer<UInt8>) -> Step {
        switch part {
        case 0:  // method
            if ByteClass.isTokenChar(byte) { return .next }
            let invalid = HTTPError.badRequest("Invalid method.")
            if byte == ByteClass.cr {  // only an empty line may end here, so only here can an LF follow
                return Self.carriageReturn(at: index, end: end, mayEndLine: index == lineStart, invalid)
            }
            guard byte == ByteClass.sp, index > lineStart else { return .refuse(at: index, invalid) }
        case 1:  // target
            if byte == ByteClass.sp {
                guard index > partStart else {
                    return .refuse(at: index, .badRequest("The request line needs a method, a target and a version."))
                }
            } else if RequestTarget.mayHold(byte) {
                return .next
            } else {
                let target = UnsafeBufferPointer(rebasing: bytes[partStart...index])
                return .refuse(at: index, RequestTarget.byteRefusal(target))
            }
        default:  // version, `HTTP/` DIGIT `.` DIGIT
            let offset = index - partStart
            let malformed = HTTPError.badRequest("Malformed HTTP version.")
            if byte == ByteClass.cr { return Self.carriageReturn(at: index, end: end, mayEndLine: offset == 8, malformed) }
            let expected: Bool = switch offset {
            case 0..<5: byte == Self.versionStart.utf8Start[offset]
            case 5, 7: byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            case 6: byte == UInt8(ascii: ".")
            default: false
            }
            return expected ? .next : .refuse(at: index, malformed)
        }
        part += 1  // the SP after the method or the target
        partStart = index + 1
        return .next
    }

    private static let versionStart: StaticString = "HTTP/"

    /// What `byte`, at `index` of a field line, does to it.
    private mutating func fieldLineRefusal(_ byte: UInt8, at index: Int, end: Int) -> Step {
        if part == 0 {
            if ByteClass.isTokenChar(byte) { return .next }
            if byte == ByteClass.colon, index > lineStart {
                part = 1
                return .next
            }
            if index == lineStart, byte == ByteClass.sp || byte == ByteClass.htab {
                return .refuse(at: index, .badRequest("Obsolete line folding is not accepted."))
            }
            // A CR may end only the empty line; any other line with one is refused.
            return byte == ByteClass.cr && index == lineStart
                ? Self.carriageReturn(at: index, end: end, mayEndLine: true, .badRequest("Invalid header field name."))
                : .refuse(at: index, .badRequest("Invalid header field name."))
        }
        if ByteClass.isFieldValueByte(byte) { return .next }
        return byte == ByteClass.cr
            ? Self.carriageReturn(at: index, end: end, mayEndLine: true, .badRequest("Invalid character in a header field value."))
            : .refuse(at: index, .badRequest("Invalid character in a header field value."))
    }
}
