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
    /// bytes that are not printable ASCII …).
    package init?(_ url: String) {
        secure = url.lowercased().hasPrefix("https://")
        let scheme = secure ? "https://" : "http://"
        guard url.lowercased().hasPrefix(scheme) else { return nil }
        let rest = url.dropFirst(scheme.count)
        let slash = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<slash]
        var target = String(rest[slash...])
        if target.isEmpty { target = "/" } else if target.first == "?" { target = "/" + target }
        guard !authority.isEmpty, !authority.contains("@"), !target.contains("#"),
              url.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })  // no spaces, CR/LF or raw UTF-8: no header injection
        else { return nil }

        var hostPart = Substring(authority)
        var portPart: Substring?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { return nil }
                portPart = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        }
        guard !hostPart.isEmpty else { return nil }
        var port: UInt16 = secure ? 443 : 80
        if let portPart {
            guard let parsed = UInt16(portPart), parsed > 0 else { return nil }
            port = parsed
        }
        host = String(hostPart)
        self.port = port
        path = target
        hostHeader = String(authority)
    }
}
