#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to 127.0.0.1 for test clients, with a receive timeout so no test hangs.
public enum LoopbackSocket {
    /// The connect failed with this `errno`.
    public struct ConnectError: Error, CustomStringConvertible {
        public let errno: Int32
        public var description: String { "connect to 127.0.0.1 failed: errno \(errno)" }
    }

    /// A connected socket; the caller closes it.
    public static func connect(port: Int, receiveTimeout seconds: Double) throws(ConnectError) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard startConnect(fd, port: port) == 0 else {
            let error = errno
            close(fd)
            throw ConnectError(errno: error)
        }
        setReceiveTimeout(fd, seconds)
        return fd
    }

    /// `connect(fd, 127.0.0.1:port)`; its result (0, or -1 with `errno` set: `EINPROGRESS`
    /// for a non-blocking socket still connecting).
    public static func startConnect(_ fd: Int32, port: Int) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// Sets `SO_RCVTIMEO` on `fd`.
    public static func setReceiveTimeout(_ fd: Int32, _ seconds: Double) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    /// A listening socket on 127.0.0.1 at a free port, for test servers; the caller closes it.
    public static func listen() -> (fd: Int32, port: Int) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && Glibc.listen(listener, 128) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        precondition(bound, "bind/listen on 127.0.0.1 failed, errno \(errno)")
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }
}
