#if canImport(Glibc)
import Glibc
#endif

/// A resolved socket address, copied out of `getaddrinfo` so it can be kept and reused.
package struct SocketAddress: Sendable {
    /// The address family (`AF_INET` or `AF_INET6`).
    package let family: Int32
    /// The raw `sockaddr_in` / `sockaddr_in6` bytes.
    package let bytes: [UInt8]

    /// The first TCP address of `host` (a name, or with `AI_NUMERICHOST` only a literal) and
    /// `port`; nil when it does not resolve. Blocking for a name: `NameResolver` bounds it.
    package static func lookup(host: String, port: UInt16, flags: Int32) -> SocketAddress? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = flags | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let list else { return nil }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry {
            let info = current.pointee
            if let address = info.ai_addr, info.ai_family == AF_INET || info.ai_family == AF_INET6 {
                let raw = UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen))
                return SocketAddress(family: info.ai_family, bytes: Array(raw))
            }
            entry = info.ai_next
        }
        return nil
    }
}
