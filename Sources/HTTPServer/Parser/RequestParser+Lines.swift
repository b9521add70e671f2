extension RequestParser {
    /// Parses `method SP request-target SP HTTP-version` (exactly three parts, single SPs).
    static func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>) -> Swift.Result<HTTPRequest, HTTPError> {
        guard let firstSpace = line.firstIndex(of: ByteClass.sp) else {
            return .failure(.badRequest("The request line needs a method, a target and a version."))
        }
        let method = line[..<firstSpace]
        let afterMethod = line[(firstSpace + 1)...]
        guard let secondSpace = afterMethod.firstIndex(of: ByteClass.sp) else {
            return .failure(.badRequest("The request line needs a method, a target and a version."))
        }
        let target = line[(firstSpace + 1)..<secondSpace]
        let version = line[(secondSpace + 1)...]
        guard ByteClass.isToken(method) else { return .failure(.badRequest("Invalid method.")) }
        guard !target.isEmpty, target.allSatisfy(ByteClass.isTargetByte) else {
            return .failure(.badRequest("Invalid request target."))
        }
        let httpVersion: HTTPVersion
        if version.elementsEqual("HTTP/1.1".utf8) {
            httpVersion = .http1_1
        } else if version.elementsEqual("HTTP/1.0".utf8) {
            httpVersion = .http1_0
        } else {
            return .failure(.badRequest("Unsupported HTTP version."))
        }
        let methodText = String(decoding: method, as: UTF8.self)
        let targetText = String(decoding: target, as: UTF8.self)
        guard isAcceptableTarget(targetText, method: methodText) else {
            return .failure(.badRequest("Invalid request target form."))
        }
        return .success(HTTPRequest(method: methodText, target: targetText, version: httpVersion))
    }

    /// origin-form, absolute-form (http/https) and `*` for OPTIONS; not authority-form.
    static func isAcceptableTarget(_ target: String, method: String) -> Bool {
        if target.hasPrefix("/") { return true }
        if target == "*" { return method == "OPTIONS" }
        let lower = target.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// Parses `field-name ":" OWS field-value OWS`; rejects obs-fold, whitespace before the
    /// colon, non-token names and control characters (other than HTAB) or DEL in values.
    static func parseField(
        _ line: UnsafeBufferPointer<UInt8>
    ) -> Swift.Result<(name: String, value: String), HTTPError> {
        if line[0] == ByteClass.sp || line[0] == ByteClass.htab {
            return .failure(.badRequest("Obsolete line folding is not accepted."))
        }
        guard let colon = line.firstIndex(of: ByteClass.colon) else {
            return .failure(.badRequest("A header field has no colon."))
        }
        let name = line[..<colon]
        guard ByteClass.isToken(name) else {
            return .failure(.badRequest("Invalid header field name."))
        }
        var start = colon + 1
        var end = line.count
        while start < end, line[start] == ByteClass.sp || line[start] == ByteClass.htab { start += 1 }
        while end > start, line[end - 1] == ByteClass.sp || line[end - 1] == ByteClass.htab { end -= 1 }
        let value = line[start..<end]
        guard value.allSatisfy(ByteClass.isFieldValueByte) else {
            return .failure(.badRequest("Invalid character in a header field value."))
        }
        return .success((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
    }
}
