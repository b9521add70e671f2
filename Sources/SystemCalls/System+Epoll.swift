#if canImport(Glibc)
import Glibc
#endif

import CLinux

extension System {
    /// What an epoll registration waits for.
    package struct EpollInterest: OptionSet, Sendable {
        package let rawValue: UInt32
        package init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Readable, and the peer's half-close (`EPOLLIN | EPOLLRDHUP`).
        package static let read = EpollInterest(rawValue: clinux_EPOLLIN | clinux_EPOLLRDHUP)
        /// Writable (`EPOLLOUT`): arm it only while bytes wait, it is level-triggered.
        package static let write = EpollInterest(rawValue: clinux_EPOLLOUT)
    }

    /// One readiness event as `epoll_wait` reported it.
    package struct EpollEvent: Sendable {
        /// The registration's token.
        package var token: UInt64
        /// `EPOLLIN` or `EPOLLRDHUP`.
        package var readable: Bool
        /// `EPOLLOUT`.
        package var writable: Bool
        /// `EPOLLERR` or `EPOLLHUP`: both directions are gone.
        package var hangUp: Bool
    }

    /// A close-on-exec epoll instance.
    package static func epollCreate() throws(SystemError) -> Int32 {
        try checked("epoll_create1") { clinux_epoll_create() }
    }

    /// Adds `fd` to `epfd` with `interest` and `token`.
    package static func epollAdd(_ epfd: Int32, fd: Int32, interest: EpollInterest, token: UInt64) throws(SystemError) {
        _ = try checked("epoll_ctl") { clinux_epoll_ctl(epfd, clinux_EPOLL_CTL_ADD, fd, interest.rawValue, token) }
    }

    /// Changes the interest of a registered `fd`.
    package static func epollModify(_ epfd: Int32, fd: Int32, interest: EpollInterest, token: UInt64) throws(SystemError) {
        _ = try checked("epoll_ctl") { clinux_epoll_ctl(epfd, clinux_EPOLL_CTL_MOD, fd, interest.rawValue, token) }
    }

    /// Removes `fd` from `epfd` (call before closing it).
    package static func epollRemove(_ epfd: Int32, fd: Int32) throws(SystemError) {
        _ = try checked("epoll_ctl") { clinux_epoll_ctl(epfd, clinux_EPOLL_CTL_DEL, fd, 0, 0) }
    }

    /// Waits up to `timeoutMillis` (-1: forever) for events into `buffer` and calls `body` for
    /// each; returns how many there were (0 on a timeout or an interrupted wait).
    @discardableResult
    package static func epollWait(
        _ epfd: Int32, into buffer: UnsafeMutableBufferPointer<epoll_event>, timeoutMillis: Int32,
        _ body: (EpollEvent) -> Void
    ) throws(SystemError) -> Int {
        let result = try call("epoll_wait") {
            clinux_epoll_wait(epfd, buffer.baseAddress, Int32(buffer.count), timeoutMillis)
        }
        guard case .processed(let count) = result else { return 0 }
        for index in 0..<count {
            let mask = clinux_epoll_event_mask(buffer.baseAddress, index)
            let hangUp = mask & (clinux_EPOLLERR | clinux_EPOLLHUP) != 0
            body(EpollEvent(
                token: clinux_epoll_event_token(buffer.baseAddress, index),
                readable: mask & (clinux_EPOLLIN | clinux_EPOLLRDHUP) != 0 || hangUp,
                writable: mask & clinux_EPOLLOUT != 0 || hangUp,
                hangUp: hangUp))
        }
        return Int(count)
    }

    /// A non-blocking, close-on-exec eventfd (a wake-up counter).
    package static func eventFD() throws(SystemError) -> Int32 {
        try checked("eventfd") { clinux_eventfd() }
    }

    /// Adds one to an eventfd (wakes its epoll). A full counter already means "wake up".
    package static func eventFDSignal(_ fd: Int32) {
        var one: UInt64 = 1
        _ = try? call("write") { Glibc.write(fd, &one, 8) }
    }

    /// Resets an eventfd to zero.
    package static func eventFDDrain(_ fd: Int32) {
        var value: UInt64 = 0
        _ = try? call("read") { Glibc.read(fd, &value, 8) }
    }
}
