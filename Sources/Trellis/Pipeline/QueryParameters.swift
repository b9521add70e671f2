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

    /// The decoded value of the first pair of `query` whose decoded name is `name` (pairs that
    /// don't decode are skipped, as `pairs` skips them), decoding nothing else: what reading one
    /// server parameter (`_section`) on a hit costs. Nil when there is none.
    static func first(_ name: String, in query: String) -> String? {
        var query = query, name = name
        return query.withUTF8 { bytes in
            name.withUTF8 { wanted in
                var start = 0
                while start <= bytes.count {
                    let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
                    defer { start = end + 1 }
                    guard end > start else { continue }
                    let pair = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.count
                    let rawName = UnsafeBufferPointer(rebasing: pair[..<equals])
                    if rawName.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
                        guard decode(rawName)?.utf8.elementsEqual(wanted) == true else { continue }
                    } else {
                        guard rawName.elementsEqual(wanted) else { continue }
                    }
                    let rawValue = UnsafeBufferPointer(rebasing: pair[min(equals + 1, pair.count)...])
                    if let value = decode(rawValue) { return value }
                }
                return nil
            }
        }
    }

    /// Percent-decoded text with `+` as a space; nil for a bad escape or invalid UTF-8.
    private static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
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
