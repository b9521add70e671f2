extension ClientRequest {
    /// The request as it goes on the wire: the request line, `Host`, the fields in order,
    /// `Content-Length` when there is a body (or the method defines one), `Connection:
    /// keep-alive`, the blank line and the body, in one buffer sized once.
    func encoded() -> [UInt8] {
        let length: String? = body.isEmpty && !method.definesContent ? nil : String(body.count)
        var size = method.rawValue.utf8.count + target.path.utf8.count + target.hostHeader.utf8.count + 64 + body.count
        for header in headers { size += header.name.utf8.count + header.value.count + 4 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        bytes += method.rawValue.utf8
        bytes.append(UInt8(ascii: " "))
        bytes += target.path.utf8
        bytes += " HTTP/1.1\r\nHost: ".utf8
        bytes += target.hostHeader.utf8
        bytes += "\r\n".utf8
        for header in headers {
            bytes += header.name.utf8
            bytes += ": ".utf8
            bytes += header.value
            bytes += "\r\n".utf8
        }
        if let length {
            bytes += "Content-Length: ".utf8
            bytes += length.utf8
            bytes += "\r\n".utf8
        }
        bytes += "Connection: keep-alive\r\n\r\n".utf8
        bytes += body
        return bytes
    }
}
