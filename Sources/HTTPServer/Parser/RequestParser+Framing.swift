extension RequestParser {
    /// Checks the head as a whole (Host, framing) and decides how the body is delimited. The
    /// three fields that frame a request are found in one pass over the fields; a single
    /// `Content-Length` (a body's usual framing) is read where it lies, with no `String` made.
    mutating func finishHead() -> HTTPError? {
        guard let request, headEnd != nil else { return .badRequest("Incomplete request.") }
        var hosts = 0, validHost = true, lengths = 0, firstLength: Int?
        var codings: [String] = []
        request.headers.forEachField { name, value in
            if ByteClass.equalsLowercase(name, "host") {
                hosts += 1
                validHost = value.allSatisfy(ByteClass.isHostByte)
            } else if ByteClass.equalsLowercase(name, "content-length") {
                lengths += 1
                if lengths == 1 { firstLength = HeaderField.contentLength(value) }
            } else if ByteClass.equalsLowercase(name, "transfer-encoding") {
                codings.append(String(decoding: value, as: UTF8.self))
            }
        }
        if hosts > 1 { return .badRequest("More than one Host header.") }
        if hosts == 0, request.version == .http1_1 { return .badRequest("Missing Host header.") }
        if !validHost { return .badRequest("Invalid Host header.") }  // RFC 9112 §3.2

        if !codings.isEmpty {
            if lengths > 0 { return .badRequest("Both Content-Length and Transfer-Encoding.") }
            if request.version == .http1_0 { return .badRequest("Transfer-Encoding on HTTP/1.0.") }
            if let error = Self.checkChunkedOnly(codings) { return error }
            body = .chunked(ChunkedDecoder(maxBody: limits.maxBody, framingBudget: limits.maxHeaderBytes))
            return nil
        }
        guard lengths > 0 else {
            body = .none
            return nil
        }
        // Repeated fields must agree as sent (the rare case: their values are compared as text).
        guard let length = firstLength, lengths == 1 || Set(request.headers.values("Content-Length")).count == 1 else {
            return .badRequest("Invalid Content-Length.")
        }
        if length > limits.maxBody { return .contentTooLarge }
        body = length == 0 ? .none : .length(length)
        return nil
    }

    /// Exactly `chunked` is accepted; other valid codings are 501, malformed lists 400.
    static func checkChunkedOnly(_ values: [String]) -> HTTPError? {
        let tokens = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingASCIISpaces() }
        if tokens.count == 1, tokens[0].lowercased() == "chunked" { return nil }
        if tokens.contains(where: { !ByteClass.isToken($0.utf8) }) {
            return .badRequest("Malformed Transfer-Encoding.")
        }
        return .notImplemented("Only the chunked transfer coding is supported.")
    }
}
