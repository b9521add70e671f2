extension RequestParser {
    /// The methods of RFC 9110 §9 and RFC 5789; any other is 501 (RFC 9110 §9.1).
    static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]

    /// Parses `method SP request-target SP HTTP-version` (exactly three parts, single SPs).
    ///
    /// Checked in this order, so that each request line gets one answer: the shape and the
    /// method's token syntax (400), the version (400 malformed, 505 another major version; so
    /// the HTTP/2 preface `PRI * HTTP/2.0` is a 505), the target (400), the method (501).
    static func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>) -> Swift.Result<HTTPRequest, HTTPError> {
        guard let firstSpace = line.firstIndex(of: ByteClass.sp) else {
            return .failure(.badRequest("The request line needs a method, a target and a version."))
        }
        let method = line[..<firstSpace]
        let afterMethod = line[(firstSpace + 1)...]
        guard let secondSpace = afterMethod.firstIndex(of: ByteClass.sp) else {
            return .failure(.badRequest("The request line needs a method, a target and a version."))
        }
        let target = UnsafeBufferPointer(rebasing: line[(firstSpace + 1)..<secondSpace])
        guard ByteClass.isToken(method) else { return .failure(.badRequest("Invalid method.")) }
        let version: HTTPVersion
        switch HTTPVersion.parse(UnsafeBufferPointer(rebasing: line[(secondSpace + 1)...])) {
        case .success(let parsed): version = parsed
        case .failure(let error): return .failure(error)
        }
        let methodText = String(decoding: method, as: UTF8.self)
        if let error = RequestTarget.check(target, method: methodText) { return .failure(error) }
        guard knownMethods.contains(methodText) else {
            return .failure(.notImplemented("The method \(methodText) is not implemented."))
        }
        return .success(HTTPRequest(method: methodText, target: String(decoding: target, as: UTF8.self), version: version))
    }

    /// Parses `field-name ":" OWS field-value OWS`; rejects obs-fold, whitespace before the
    /// colon, non-token names and control characters (other than HTAB) or DEL in values.
    /// Inlined into the parser's line loop: its result is not built as a `Result` in memory.
    @inline(__always)
    static func parseField(
        _ line: UnsafeBufferPointer<UInt8>
    ) -> Swift.Result<(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>), HTTPError> {
        if line[0] == ByteClass.sp || line[0] == ByteClass.htab {
            return .failure(.badRequest("Obsolete line folding is not accepted."))
        }
        guard let colon = line.firstIndex(of: ByteClass.colon) else {
            return .failure(.badRequest("A header field has no colon."))
        }
        let name = UnsafeBufferPointer(rebasing: line[..<colon])
        guard ByteClass.isToken(name) else {
            return .failure(.badRequest("Invalid header field name."))
        }
        let value = ByteClass.trimmingSpaces(UnsafeBufferPointer(rebasing: line[(colon + 1)...]))
        guard value.allSatisfy(ByteClass.isFieldValueByte) else {
            return .failure(.badRequest("Invalid character in a header field value."))
        }
        return .success((name, value))
    }
}
