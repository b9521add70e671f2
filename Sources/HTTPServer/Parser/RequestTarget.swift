/// The request-target of RFC 9112 §3.2, over the characters of RFC 3986.
///
/// Accepted: origin-form (`/path?query`), absolute-form with an `http` or `https` scheme (any
/// case), a non-empty host and no userinfo (RFC 9110 §4.2.1, §4.2.4), and asterisk-form `*`
/// for OPTIONS only. Not accepted (400): authority-form, a fragment (`#`), any byte RFC 3986
/// does not allow, and a `%` not followed by two hex digits in the host or the path. The
/// query's escapes are its reader's to judge (SPEC §14: a bad one in a parameter nobody
/// declared is ignored, so `?utm=%zz` can't fail a page).
enum RequestTarget {
    /// Why `target` is not acceptable for `method`, or nil when it is.
    static func check(_ target: UnsafeBufferPointer<UInt8>, method: String) -> HTTPError? {
        isAcceptableOriginForm(target) ? nil : refusal(target, method: method)
    }

    /// Why `target` is not acceptable for `method`, or nil when it is, a rule at a time.
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

    /// Whether `target` is an origin-form target `check` accepts, in one pass over its bytes:
    /// nearly every request's, so the reason for a refusal is left to the passes after it (the
    /// twin it is compared with on generated targets, RequestTargetTests).
    static func isAcceptableOriginForm(_ target: UnsafeBufferPointer<UInt8>) -> Bool {
        guard target.first == UInt8(ascii: "/") else { return false }
        var inQuery = false
        var index = 0
        while index < target.count {
            let byte = target[index]
            guard ByteClass.isTargetByte(byte) else { return false }
            if byte == ByteClass.percent, !inQuery {
                guard index + 2 < target.count, ByteClass.hexValue(target[index + 1]) != nil,
                      ByteClass.hexValue(target[index + 2]) != nil
                else { return false }
                index += 3
                continue
            }
            inQuery = inQuery || byte == UInt8(ascii: "?")
            index += 1
        }
        return true
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
