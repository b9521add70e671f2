import Foundation
import HTTPServer

/// The declared query parameters of a page request (SPEC §6.1), read from the raw query
/// string: `&`-separated `name=value` pairs, percent-decoded, `+` as a space, UTF-8; the first
/// occurrence of a name wins. Undeclared parameters are ignored unread, so `?utm_source=…`
/// never fails a request or splits the cache.
enum QueryParameters {
    /// The longest decoded value accepted; longer is 400 `bad_request`.
    static let maxValueBytes = 256

    /// The values of the `declared` names present in `query`, or a 400 for a declared
    /// parameter with a bad `%` escape, invalid UTF-8 or over `maxValueBytes` bytes.
    static func parse(_ query: String?, declared: [String]) -> Result<[String: String], HTTPError> {
        guard let query, !declared.isEmpty else { return .success([:]) }
        var values: [String: String] = [:]
        for pair in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            guard let name = decode(pair[..<(equals ?? pair.endIndex)]), declared.contains(name), values[name] == nil
            else { continue }
            let raw = equals.map { pair[pair.index(after: $0)...] } ?? pair[pair.endIndex...]
            guard let value = decode(raw) else {
                return .failure(.badRequest("query parameter \(name) has a bad % escape or is not UTF-8"))
            }
            guard value.utf8.count <= maxValueBytes else {
                return .failure(.badRequest("query parameter \(name) is over \(maxValueBytes) bytes"))
            }
            values[name] = value
        }
        return .success(values)
    }

    /// Every `name=value` pair of `query` in order, repeated names included, decoded; pairs
    /// that don't decode are skipped (the preview's `client=…&client=…`).
    static func pairs(_ query: String?) -> [(name: String, value: String)] {
        (query ?? "").utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).compactMap { pair in
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            guard let name = decode(pair[..<(equals ?? pair.endIndex)]),
                  let value = decode(equals.map { pair[pair.index(after: $0)...] } ?? pair[pair.endIndex...])
            else { return nil }
            return (name, value)
        }
    }

    /// The value of a parameter the server reads for itself (`_section`, `_after`): its decoded
    /// text, or `malformed` (a bad `%` escape or invalid UTF-8). Unlike an undeclared
    /// parameter's, such a value is not ignored (SPEC §14): the request asks something of the
    /// server that it can't read, and is answered that.
    enum Found: Equatable {
        case text(String)
        case malformed
    }

    /// The values of the first pairs of `query` whose decoded names are `first` and `second`
    /// (pairs whose name doesn't decode are skipped, as `pairs` skips them; a value that doesn't
    /// decode is `malformed`, not skipped: the first occurrence wins), in one pass that decodes
    /// nothing else: what reading the server's own parameters (`_section`, `_after`) on a hit
    /// costs. A name or value with no escape is compared or copied as it stands, so short values
    /// are read without allocating. Nil for a name with no pair.
    static func first(_ first: StaticString, _ second: StaticString, in query: String) -> (Found?, Found?) {
        let firstName = UnsafeBufferPointer(start: first.utf8Start, count: first.utf8CodeUnitCount)
        let secondName = UnsafeBufferPointer(start: second.utf8Start, count: second.utf8CodeUnitCount)
        var query = query
        return query.withUTF8 { bytes in
            var values: (Found?, Found?) = (nil, nil)
            var start = 0
            while start <= bytes.count, values.0 == nil || values.1 == nil {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
                defer { start = end + 1 }
                guard end > start else { continue }
                let pair = UnsafeBufferPointer(rebasing: bytes[start..<end])
                let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.count
                let name = UnsafeBufferPointer(rebasing: pair[..<equals])
                let isFirst = values.0 == nil && matches(name, firstName)
                guard isFirst || values.1 == nil && matches(name, secondName) else { continue }
                let value = decodeCheaply(UnsafeBufferPointer(rebasing: pair[min(equals + 1, pair.count)...]))
                    .map(Found.text) ?? .malformed
                if isFirst { values.0 = value } else { values.1 = value }
            }
            return values
        }
    }

    /// Whether the raw name `raw` decodes to `wanted`, decoding only a name with an escape.
    private static func matches(_ raw: UnsafeBufferPointer<UInt8>, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        if raw.count == wanted.count, raw.count > 0, memcmp(raw.baseAddress!, wanted.baseAddress!, raw.count) == 0 { return true }
        guard raw.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return false }
        return decode(raw)?.utf8.elementsEqual(wanted) == true
    }

    /// `decode`, copying ASCII text with no escape straight into a string (none allocated when
    /// short; ASCII is valid UTF-8, so nothing is repaired).
    private static func decodeCheaply(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
        guard raw.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "+") }) else { return decode(raw) }
        return String(decoding: raw, as: UTF8.self)
    }

    /// Percent-decoded text with `+` as a space; nil for a bad escape or invalid UTF-8.
    static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let high = bytes.index(after: index)
                guard high < bytes.endIndex, bytes.index(after: high) < bytes.endIndex,
                      let h = hexValue(bytes[high]), let l = hexValue(bytes[bytes.index(after: high)])
                else { return nil }
                out.append(h << 4 | l)
                index = bytes.index(high, offsetBy: 2)
                continue
            }
            out.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = bytes.index(after: index)
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
