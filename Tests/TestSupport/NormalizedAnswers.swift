/// Answers read off a socket, made comparable between two servers: `Date` values left out, and
/// the request ids a server makes (15 hex digits) left out and handed back, so that a test can
/// check they are never made twice.
public enum NormalizedAnswers {
    /// `bytes` with each `Date:` line's value and each made `X-Request-Id` replaced by `-`, and the made ids.
    public static func of(_ bytes: [UInt8]) -> (text: String, madeIDs: [String]) {
        var made: [String] = []
        let text = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").map { line in
            if line.hasPrefix("Date: ") { return "Date: -" }
            let id = line.dropFirst("X-Request-Id: ".count)
            guard line.hasPrefix("X-Request-Id: "), id.count == 15, id.allSatisfy(\.isHexDigit) else { return line }
            made.append(String(id))
            return "X-Request-Id: -"
        }.joined(separator: "\r\n")
        return (text, made)
    }
}
