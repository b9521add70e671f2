#if canImport(Glibc)
import Glibc
#endif

import CLinux

extension System {
    /// `read` into `buffer`; `.processed(0)` is end of input.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        try call("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// `write` of `buffer` (a descriptor that is not a socket: a pipe, a file).
    package static func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        try call("write") { Glibc.write(fd, buffer.baseAddress, buffer.count) }
    }

    /// `writev` of the buffers in order.
    package static func writev(_ fd: Int32, _ vectors: UnsafeBufferPointer<iovec>) throws(SystemError) -> IOResult<Int> {
        try call("writev") { Glibc.writev(fd, vectors.baseAddress, Int32(vectors.count)) }
    }

    /// `send` with `MSG_NOSIGNAL`: a vanished peer is EPIPE, never SIGPIPE.
    package static func send(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        try call("send") { Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) }
    }

    /// `recv` into `buffer`; `.processed(0)` is end of input.
    package static func recv(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        try call("recv") { Glibc.recv(fd, buffer.baseAddress, buffer.count, 0) }
    }

    /// Accepts one client as a non-blocking, close-on-exec socket with `TCP_NODELAY` set.
    package static func accept(_ fd: Int32) throws(SystemError) -> IOResult<Int32> {
        let result = try call("accept4") { clinux_accept(fd) }
        if case .processed(let client) = result { setNoDelay(client) }
        return result
    }

    /// A non-blocking, close-on-exec TCP socket of `family` with `TCP_NODELAY` set.
    package static func tcpSocket(family: Int32) throws(SystemError) -> Int32 {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = try checked("socket") { Glibc.socket(family, type, 0) }
        setNoDelay(fd)
        return fd
    }

    /// Starts connecting `fd` to the raw `sockaddr` in `address`: `.wouldBlock` while in
    /// progress (wait for writable, then read `pendingError`).
    package static func connect(_ fd: Int32, to address: [UInt8]) throws(SystemError) -> IOResult<Int32> {
        let result = address.withUnsafeBytes {
            Glibc.connect(fd, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
        }
        if result == 0 { return .processed(0) }
        let err = Glibc.errno
        if err == EINPROGRESS || err == EINTR { return .wouldBlock }
        if err == EBADF || err == EFAULT { preconditionFailure("connect failed with errno \(err): a bug") }
        throw SystemError(function: "connect", errno: err)
    }

    /// The socket's pending error (`SO_ERROR`), 0 for none: how a non-blocking connect ended.
    package static func pendingError(_ fd: Int32) throws(SystemError) -> Int32 {
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = try checked("getsockopt") { getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) }
        return failure
    }

    /// Ends the write side (a FIN). A socket the peer already reset is not an error here.
    package static func shutdownWrite(_ fd: Int32) {
        _ = try? call("shutdown") { Glibc.shutdown(fd, Int32(SHUT_WR)) }
    }

    /// `poll` of one descriptor for `events` up to `timeoutMillis` (0: don't wait); whether it
    /// is ready (error and hang-up count as ready).
    package static func poll(_ fd: Int32, for events: Int16, timeoutMillis: Int32) throws(SystemError) -> Bool {
        var descriptor = pollfd(fd: fd, events: events, revents: 0)
        return try checked("poll") { Glibc.poll(&descriptor, 1, timeoutMillis) } > 0
    }

    /// Sends the ACK for everything read from the TCP socket `fd` now, if one is due, instead of
    /// holding it to ride on the next bytes written (`TCP_QUICKACK`).
    package static func acknowledgeNow(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_QUICKACK, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Turns Nagle's algorithm off: a response written in two pieces must not wait ~40 ms
    /// for the peer's delayed ACK.
    private static func setNoDelay(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }
}
