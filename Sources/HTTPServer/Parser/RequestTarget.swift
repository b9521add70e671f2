/// The request-target of RFC 9112 §3.2, over the characters of RFC 3986.
///
/// Accepted: origin-form (`/path?query`), absolute-form with an `http` or `https` scheme (any
/// case), a non-empty host and no userinfo (RFC 9110 §4.2.1, §4.2.4), and asterisk-form `*`
/// for OPTIONS only. Not accepted (400): authority-form, a fragment (`#`), any byte RFC 3986
/// does not allow, and a `%` not followed by two hex digits in the host or the path. The
/// query's escapes are its reader's to judge (SPEC §14: a bad one in a parameter nobody
/// declared is ignored, so `?utm=%zz` can't fail a page).
enum RequestTarget {
    /// Why `target` is not acceptable for `method`, or nil when it is, a rule at a time: the
    /// reason for a request line that `RequestParser.parseRequestLine` does not take in one pass.
    static func refusal(_ target: UnsafeBufferPointer<UInt8>, method: String) -> HTTPError? {
        if target.count == 1, target[0] == UInt8(ascii: "*") {
            return method == "OPTIONS" ? nil : .badRequest("The asterisk-form target (*) is for OPTIONS only.")
        }
        if target.first == UInt8(ascii: "/") { return checkPathAndQuery(target[...]) }
        guard let authorityStart = schemeEnd(target) else { return .badRequest("Invalid request target form.") }
        let rest = target[authorityStart...]
        let authorityEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? target.count
        let authority = target[authorityStart..<authorityEnd]
        guard !authority.isEmpty, authority.allSatisfy(ByteClass.isHostByte), percentEscapesAreValid(authority) else {
            return .badRequest("Invalid host in the request target.")
        }
        return checkPathAndQuery(target[authorityEnd...])
    }

    /// Whether a request-target of some form may hold `byte`: a byte of a path or a query, or a
    /// bracket of an absolute-form IP-literal host. Any other (controls, SP, non-ASCII, `#`, `"`,
    /// `<` ...) is a 400 whatever the form, so the request line's rules check it before the
    /// version, and a line still arriving is refused at it (`PartialLine`).
    @inline(__always)
    static func mayHold(_ byte: UInt8) -> Bool {
        ByteClass.isTargetByte(byte) || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
    }

    /// The 400 of a target (or the start of one) ending in a byte it may not hold (`mayHold`):
    /// `refusal`'s own message where it has one, so a line refused as it arrives gets the
    /// answer the whole line gets.
    static func byteRefusal(_ target: UnsafeBufferPointer<UInt8>) -> HTTPError {
        refusal(target, method: "") ?? .badRequest("Invalid character in the request target.")
    }

    /// Where an origin-form target that `refusal` accepts, starting at `start` in `bytes`, ends
    /// (`end`: the index of the first byte that can't be part of a target, the SP after it in a
    /// request line, or `bytes.count`) and where its first `?` stands (`query`, nil for none);
    /// nil when it doesn't start with `/` or its path has a malformed escape. One pass, a table
    /// look-up per byte: the request line's parser finds the target's end and checks it
    /// together, and leaves the reason for a refusal to `refusal` (the twin it is compared with
    /// on generated targets, RequestTargetTests).
    static func originForm(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, query: Int?)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "/") else { return nil }
        let classes = targetByteClasses
        var query: Int?
        var index = start + 1
        while true {
            while index < bytes.count, classes[Int(bytes[index])] == TargetByte.plain { index += 1 }
            guard index < bytes.count else { return (index, query) }
            switch classes[Int(bytes[index])] {
            case TargetByte.question:
                if query == nil { query = index }
                index += 1
            case TargetByte.percent where query != nil:
                index += 1
            case TargetByte.percent:
                guard index + 2 < bytes.count, ByteClass.hexValue(bytes[index + 1]) != nil,
                      ByteClass.hexValue(bytes[index + 2]) != nil
                else { return nil }
                index += 3
            default:
                return (index, query)
            }
        }
    }

    /// What a byte is to `originForm`.
    private enum TargetByte {
        static let other: UInt8 = 0, plain: UInt8 = 1, percent: UInt8 = 2, question: UInt8 = 3
    }

    /// `TargetByte` of every byte value, from `ByteClass.isTargetByte`.
    nonisolated(unsafe) private static let targetByteClasses = ByteTable.make { byte in
        byte == ByteClass.percent ? TargetByte.percent
            : byte == UInt8(ascii: "?") ? TargetByte.question
            : ByteClass.isTargetByte(byte) ? TargetByte.plain : TargetByte.other
    }

    /// The index after `http://` or `https://` (scheme in any case), or nil.
    private static func schemeEnd(_ target: UnsafeBufferPointer<UInt8>) -> Int? {
        func lowercased(_ byte: UInt8) -> UInt8 {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
        }
        for scheme in ["http://", "https://"] where target.prefix(scheme.utf8.count).map(lowercased).elementsEqual(scheme.utf8) {
            return scheme.utf8.count
        }
        return nil
    }

    private static func checkPathAndQuery(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> HTTPError? {
        if bytes.contains(UInt8(ascii: "#")) { return .badRequest("A request target has no fragment (#).") }
        guard bytes.allSatisfy(ByteClass.isTargetByte) else {
            return .badRequest("Invalid character in the request target.")
        }
        let path = bytes[..<(bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.endIndex)]
        return percentEscapesAreValid(path) ? nil : .badRequest("Malformed percent-escape in the request target.")
    }

    /// Whether every `%` starts `%` HEXDIG HEXDIG.
    private static func percentEscapesAreValid(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var index = bytes.startIndex
        while let percent = bytes[index...].firstIndex(of: ByteClass.percent) {
            guard percent + 2 < bytes.endIndex, ByteClass.hexValue(bytes[percent + 1]) != nil,
                ByteClass.hexValue(bytes[percent + 2]) != nil
            else { return false }
            index = percent + 3
        }
        return true
    }
}
