import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

/// Creates the non-blocking listening socket (SO_REUSEADDR, large backlog).
enum ListeningSocket {
    /// Binds and listens; returns the descriptor and the real port.
    static func open(host: String, port: Int, backlog: Int32) throws(HTTPServer.StartError) -> (fd: Int32, port: Int) {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var info: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &info)
        guard status == 0, let first = info else {
            throw HTTPServer.StartError(description: "resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(info) }
        let where_ = "\(host):\(port)"
        let fd = socket(first.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw failure("socket", where_) }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let error = failure("bind", where_)
            System.close(fd)
            throw error
        }
        guard listen(fd, max(backlog, 4096)) == 0 else {
            let error = failure("listen", where_)
            System.close(fd)
            throw error
        }
        return (fd, boundPort(fd))
    }

    private static func failure(_ call: String, _ where_: String) -> HTTPServer.StartError {
        HTTPServer.StartError(description: "\(call) \(where_): \(String(cString: strerror(errno)))")
    }

    private static func boundPort(_ fd: Int32) -> Int {
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
