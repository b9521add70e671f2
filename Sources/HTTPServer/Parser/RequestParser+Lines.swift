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
        return .success(HTTPRequest(method: methodText, target: target, version: version))
    }
}
