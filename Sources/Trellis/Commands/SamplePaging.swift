import HTTPServer
import SDUI

/// One page of a sample backend's collection: how `trellis upstream` plays a backend that
/// pages itself (SPEC §10.2), so the sample search can feed a list that loads more.
///
/// A value that is an object with an array `items` is a paged collection. A request asks for
/// a page with `?cursor=<c>&limit=<n>` and gets the value with `items` cut to that page and
/// `next` set to the cursor of the following page, or null on the last one. Without a cursor
/// it gets the first page, so a request of before paging keeps its shape, plus `next`.
/// Cursors are opaque to clients: pass back the `next` you were given. (They are `c` and the
/// offset of the page's first item, `c20`, so a test or a curl can read them.)
struct SamplePaging: Sendable, Equatable {
    /// Items per page when the request names no `limit`.
    static let defaultLimit = 20
    /// The largest page; a larger `limit` is cut to it, as most paged APIs do.
    static let maxLimit = 100
    /// The largest offset a cursor may carry; more is a malformed cursor, not a big number.
    static let maxOffset = 1_000_000

    /// The index of the page's first item.
    let offset: Int
    /// At most this many items.
    let limit: Int

    /// The paging a query string asks for: `cursor` and `limit` (other parameters ignored),
    /// or a 400 for a cursor this backend did not make or a `limit` that is not a positive integer.
    static func parse(query: String?) -> Result<SamplePaging, HTTPError> {
        let parameters: [String: String]
        switch QueryParameters.parse(query, declared: ["cursor", "limit"]) {
        case .success(let values): parameters = values
        case .failure(let error): return .failure(error)
        }
        var offset = 0
        if let cursor = parameters["cursor"] {
            guard let parsed = Self.offset(cursor: cursor) else { return .failure(.badRequest("malformed cursor")) }
            offset = parsed
        }
        var limit = defaultLimit
        if let text = parameters["limit"] {
            guard !text.isEmpty, text.utf8.allSatisfy(isDigit), (Int(text) ?? maxLimit) > 0
            else { return .failure(.badRequest("limit must be a positive integer (at most \(maxLimit) are used)")) }
            limit = min(Int(text) ?? maxLimit, maxLimit)
        }
        return .success(SamplePaging(offset: offset, limit: limit))
    }

    /// The cursor of the page that starts at item `offset`.
    static func cursor(offset: Int) -> String { "c\(offset)" }

    /// The offset `cursor` stands for; nil when this backend did not make it.
    static func offset(cursor: String) -> Int? {
        let digits = cursor.utf8.dropFirst()
        guard cursor.utf8.first == UInt8(ascii: "c"), (1...7).contains(digits.count),
              digits.allSatisfy(isDigit),
              let offset = Int(String(decoding: digits, as: UTF8.self)), offset <= maxOffset
        else { return nil }
        return offset
    }

    /// `value` as this page of it: a paged collection with its `items` cut and `next` set
    /// (past the end: no items, `next` null); any other value as it is.
    func page(of value: JSONValue) -> JSONValue {
        guard case .object(var object) = value, case .array(let items)? = object["items"] else { return value }
        let start = min(offset, items.count)
        let end = min(start + limit, items.count)
        object["items"] = .array(Array(items[start..<end]))
        object["next"] = end < items.count ? .string(Self.cursor(offset: end)) : .null
        return .object(object)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
