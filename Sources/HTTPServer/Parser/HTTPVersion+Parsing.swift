extension HTTPVersion {
    /// Parses `HTTP-version = "HTTP" "/" DIGIT "." DIGIT` (RFC 9112 §2.3; case-sensitive).
    ///
    /// `HTTP/1.0` is HTTP/1.0; `HTTP/1.1` and any later minor version are served as HTTP/1.1
    /// (a 1.x recipient answers with the highest minor version it conforms to). Another major
    /// version (`HTTP/0.9`, `HTTP/2.0`, the HTTP/2 preface's `PRI * HTTP/2.0` ...) is 505;
    /// anything else (`http/1.1`, `HTTP/1.10`, `HTTP/1`) is 400.
    package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Result<HTTPVersion, HTTPError> {
        guard text.count == 8, text[0] == UInt8(ascii: "H"), text[1] == UInt8(ascii: "T"), text[2] == UInt8(ascii: "T"),
            text[3] == UInt8(ascii: "P"), text[4] == UInt8(ascii: "/"), text[6] == UInt8(ascii: "."),
            let major = digit(text[5]), let minor = digit(text[7])
        else { return .failure(.badRequest("Malformed HTTP version.")) }
        switch major {
        case 1:
            return .success(minor == 0 ? .http1_0 : .http1_1)
        case 2:
            return .failure(.httpVersionNotSupported(
                "HTTP/2 is not supported, over cleartext (h2c, prior knowledge) or otherwise; use HTTP/1.1."))
        default:
            return .failure(.httpVersionNotSupported("HTTP/\(major).\(minor) is not supported; use HTTP/1.1."))
        }
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
