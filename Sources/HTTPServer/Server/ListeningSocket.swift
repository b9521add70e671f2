import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

/// Creates the non-blocking listening socket (SO_REUSEADDR, large backlog).
enum ListeningSocket {
    /// Resolves `host`, binds and listens; returns the descriptor and the real port.
    static func open(host: String, port: Int, backlog: Int32) throws(HTTPServer.StartError) -> (fd: Int32, port: Int) {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var info: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &info)
        guard status == 0, let first = info, let address = first.pointee.ai_addr else {
            throw HTTPServer.StartError(description: "resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(info) }
        do {
            let fd = try System.listeningSocket(family: first.pointee.ai_family, address: address,
                                                length: first.pointee.ai_addrlen, backlog: max(backlog, 4096))
            return (fd, System.localPort(fd))
        } catch {
            throw HTTPServer.StartError(description: "\(error.function) \(host):\(port): \(String(cString: strerror(error.errno)))")
        }
    }
}
