#if canImport(Glibc)
import Glibc
#endif

extension System {
    /// A non-blocking, close-on-exec listening TCP socket of `family` with `SO_REUSEADDR`,
    /// bound to the raw `sockaddr` at `address` and listening with `backlog`.
    package static func listeningSocket(family: Int32, address: UnsafePointer<sockaddr>, length: socklen_t,
                                        backlog: Int32) throws(SystemError) -> Int32 {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = try checked("socket") { Glibc.socket(family, type, 0) }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        do {
            _ = try checked("bind") { Glibc.bind(fd, address, length) }
            _ = try checked("listen") { Glibc.listen(fd, backlog) }
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// The local port `fd` is bound to (IPv4 or IPv6); 0 if it can't be read.
    package static func localPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { return 0 }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { pointer in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }
}
