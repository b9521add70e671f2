#if canImport(Glibc)
import Glibc
#endif

extension RequestParser {
    /// Parses `method SP request-target SP HTTP-version` (exactly three parts, single SPs).
    ///
    /// Nearly every request line is a known method, an origin-form target and `HTTP/1.x`: it
    /// is read in one pass over the target (`RequestTarget.originForm`), with the method's
    /// string a constant. Any other line goes through `parseRequestLineByRules`, which gives
    /// the answer (RequestLineTests compare the two on generated lines).
    static func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>) -> Swift.Result<HTTPRequest, HTTPError> {
        guard let methodEnd = line.firstIndex(of: ByteClass.sp),
              let method = knownMethod(UnsafeBufferPointer(rebasing: line[..<methodEnd])),
              let target = RequestTarget.originForm(line, from: methodEnd + 1), target.end < line.count,
              line[target.end] == ByteClass.sp,
              case .success(let version) = HTTPVersion.parse(UnsafeBufferPointer(rebasing: line[(target.end + 1)...]))
        else { return parseRequestLineByRules(line) }
        let path = UnsafeBufferPointer(rebasing: line[(methodEnd + 1)..<(target.query ?? target.end)])
        let query = target.query.map { UnsafeBufferPointer(rebasing: line[($0 + 1)..<target.end]) }
        return .success(HTTPRequest(method: method, path: path, query: query, version: version))
    }

    /// `parseRequestLine` a rule at a time, checked in this order so that each request line gets
    /// one answer: the shape (three parts, a non-empty target) and the method's token syntax
    /// (400), a byte no target may hold (400, `RequestTarget.mayHold`), the version (400
    /// malformed, 505 another major version; so the HTTP/2 preface `PRI * HTTP/2.0` is a 505),
    /// the target's form (400), the method (501). Every rule before the version can be decided on
    /// the line's first bytes, so a line still arriving is refused at its first bad byte with the
    /// answer the whole line gets (`PartialLine`).
    static func parseRequestLineByRules(_ line: UnsafeBufferPointer<UInt8>) -> Swift.Result<HTTPRequest, HTTPError> {
        guard let firstSpace = line.firstIndex(of: ByteClass.sp) else {
            return .failure(.badRequest("The request line needs a method, a target and a version."))
        }
        let method = line[..<firstSpace]
        let afterMethod = line[(firstSpace + 1)...]
        guard let secondSpace = afterMethod.firstIndex(of: ByteClass.sp), secondSpace > firstSpace + 1 else {
            return .failure(.badRequest("The request line needs a method, a target and a version."))
        }
        let target = UnsafeBufferPointer(rebasing: line[(firstSpace + 1)..<secondSpace])
        guard ByteClass.isToken(method) else { return .failure(.badRequest("Invalid method.")) }
        if !target.allSatisfy(RequestTarget.mayHold) {
            return .failure(RequestTarget.byteRefusal(target))
        }
        let version: HTTPVersion
        switch HTTPVersion.parse(UnsafeBufferPointer(rebasing: line[(secondSpace + 1)...])) {
        case .success(let parsed): version = parsed
        case .failure(let error): return .failure(error)
        }
        let methodText = String(decoding: method, as: UTF8.self)
        if let error = RequestTarget.refusal(target, method: methodText) { return .failure(error) }
        guard let known = knownMethod(UnsafeBufferPointer(rebasing: method)) else {
            return .failure(.notImplemented("The method \(methodText) is not implemented."))
        }
        return .success(HTTPRequest(method: known, target: target, version: version))
    }

    /// The methods of RFC 9110 §9 and RFC 5789, as constant strings; nil for any other, which
    /// is 501 (RFC 9110 §9.1). Case-sensitive.
    static func knownMethod(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func equals(_ name: StaticString) -> Bool {
            name.utf8CodeUnitCount == bytes.count && memcmp(name.utf8Start, bytes.baseAddress!, bytes.count) == 0
        }
        switch bytes.count {
        case 3: return equals("GET") ? "GET" : equals("PUT") ? "PUT" : nil
        case 4: return equals("HEAD") ? "HEAD" : equals("POST") ? "POST" : nil
        case 5: return equals("PATCH") ? "PATCH" : equals("TRACE") ? "TRACE" : nil
        case 6: return equals("DELETE") ? "DELETE" : nil
        case 7: return equals("OPTIONS") ? "OPTIONS" : equals("CONNECT") ? "CONNECT" : nil
        default: return nil
        }
    }
}
