import HTTPServer

/// A parsed `http(s)://host[:port]/path?query` URL: where to connect, whether over TLS, and
/// what to ask for.
package struct ClientTarget: Sendable, Hashable {
    /// `https://`: TLS, certificate verified for `host`.
    package var secure: Bool
    /// The host name or address literal (IPv6 without its brackets).
    package var host: String
    /// The TCP port (80, or 443 for https, when the URL names none).
    package var port: UInt16
    /// The request target: path and query, at least `/`.
    package var path: String
    /// The `Host` header's value, as written in the URL.
    package var hostHeader: String

    /// The pool key: connections are reused per scheme, host and port.
    var poolKey: String { "\(secure ? "https" : "http")://\(host):\(port)" }

    /// Parses `url`; `nil` for anything but `http://` and `https://` (userinfo, a bad port,
    /// bytes that are not printable ASCII …). Read as bytes, once (ClientTargetTests compare
    /// it with the same rules read as characters, on generated URLs).
    package init?(_ url: String) {
        var url = url
        guard let target = url.withUTF8(Self.parse) else { return nil }
        self = target
    }

    private init(secure: Bool, host: String, port: UInt16, path: String, hostHeader: String) {
        self.secure = secure
        self.host = host
        self.port = port
        self.path = path
        self.hostHeader = hostHeader
    }

    private static func parse(_ url: UnsafeBufferPointer<UInt8>) -> ClientTarget? {
        // Printable ASCII only: no spaces, CR/LF or raw UTF-8, so no header injection.
        guard url.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        let secure = ByteClass.equalsLowercase(url.prefix(8), "https://")
        guard secure || ByteClass.equalsLowercase(url.prefix(7), "http://") else { return nil }
        let authorityStart = secure ? 8 : 7
        var slash = authorityStart
        while slash < url.count, url[slash] != UInt8(ascii: "/"), url[slash] != UInt8(ascii: "?") { slash += 1 }
        let authority = url[authorityStart..<slash], rest = url[slash...]
        guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")), !rest.contains(UInt8(ascii: "#")) else { return nil }
        let path = rest.isEmpty ? "/" : (rest.first == UInt8(ascii: "?") ? "/" : "") + text(rest)

        var host = authority, portText: Slice<UnsafeBufferPointer<UInt8>>?
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            host = url[(authority.startIndex + 1)..<close]
            let after = url[(close + 1)..<authority.endIndex]
            if !after.isEmpty {
                guard after.first == UInt8(ascii: ":") else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: UInt8(ascii: ":")) {
            host = url[authority.startIndex..<colon]
            portText = url[(colon + 1)..<authority.endIndex]
        }
        guard !host.isEmpty else { return nil }
        var port: UInt16 = secure ? 443 : 80
        if let portText {
            guard let parsed = UInt16(text(portText)), parsed > 0 else { return nil }
            port = parsed
        }
        return ClientTarget(secure: secure, host: text(host), port: port, path: path, hostHeader: text(authority))
    }

    private static func text(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
    }
}
