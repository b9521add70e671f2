@testable import HTTPServer

/// Parses `text` in one go; returns the request or the error status.
func parseOnce(_ text: String, limits: RequestLimits = RequestLimits()) -> RequestParser.Result {
    var parser = RequestParser(limits: limits)
    return parser.parse(Array(text.utf8))
}

/// Feeds `bytes` one byte at a time (as a trickling client would) and returns the final result.
func parseTrickled(_ bytes: [UInt8], limits: RequestLimits = RequestLimits()) -> RequestParser.Result {
    var parser = RequestParser(limits: limits)
    var result = RequestParser.Result.needMore
    for end in 1...bytes.count {
        result = parser.parse(Array(bytes[0..<end]))
        if case .needMore = result { continue }
        return result
    }
    return result
}

/// Parses every request in `text` (pipelined); stops at the first error or incomplete one.
func parseAll(_ text: String, limits: RequestLimits = RequestLimits()) -> (requests: [HTTPRequest], last: RequestParser.Result) {
    var parser = RequestParser(limits: limits)
    var bytes = Array(text.utf8)
    var requests: [HTTPRequest] = []
    while true {
        let result = parser.parse(bytes)
        guard case .request(let request, let consumed) = result else { return (requests, result) }
        requests.append(request)
        bytes.removeFirst(consumed)
        if bytes.isEmpty { return (requests, .needMore) }
    }
}

extension RequestParser.Result {
    /// The error, or nil.
    var error: HTTPError? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The error status, or nil.
    var errorStatus: Int? { error?.status }

    var request: HTTPRequest? {
        if case .request(let request, _) = self { return request }
        return nil
    }

    var isNeedMore: Bool {
        if case .needMore = self { return true }
        return false
    }
}
