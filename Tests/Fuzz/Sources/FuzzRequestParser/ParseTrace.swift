@testable import HTTPServer

/// What a connection saw while feeding one input to `RequestParser` piece by piece: each
/// request as parsed, then how the input ended. Equal traces mean the parser decided the same
/// whatever the split points.
struct ParseTrace: Equatable {
    /// One parsed request, reduced to comparable fields.
    struct Parsed: Equatable {
        var method: String
        var target: String
        var version: HTTPVersion
        var headers: [String]
        var body: [UInt8]
        var consumed: Int
    }

    /// How the input ended: a failure (the connection answers it and closes) or a valid prefix.
    enum End: Equatable {
        case failure
        case needMore
    }

    var requests: [Parsed] = []
    var end = End.needMore
    /// The failure's status; not compared, since failing fast on trickled bytes may name an
    /// earlier limit than the one a whole buffer shows.
    var status: Int?

    static func == (lhs: ParseTrace, rhs: ParseTrace) -> Bool {
        lhs.requests == rhs.requests && lhs.end == rhs.end
    }
}
