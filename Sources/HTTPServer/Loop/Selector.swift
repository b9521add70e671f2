import CLinux
import SystemCalls

/// One epoll instance plus an eventfd for cross-thread wake-ups (after swift-nio's
/// `SelectorEpoll.swift`). Level-triggered; each registration carries a 64-bit token.
/// Owned by one event loop; only `wakeUp()` may be called from other threads.
final class Selector: @unchecked Sendable {
    /// The token reserved for the wake-up eventfd.
    static let wakeUpToken: UInt64 = 0

    private let epollFD: Int32
    private let eventFD: Int32
    private let events: UnsafeMutableBufferPointer<epoll_event>

    init() throws(SystemError) {
        epollFD = try System.epollCreate()
        do {
            eventFD = try System.eventFD()
        } catch {
            System.close(epollFD)
            throw error
        }
        events = .allocate(capacity: 256)
        try System.epollAdd(epollFD, fd: eventFD, interest: .read, token: Self.wakeUpToken)
    }

    deinit {
        events.deallocate()
        System.close(eventFD)
        System.close(epollFD)
    }

    /// Starts watching `fd` for the given interests.
    func register(fd: Int32, token: UInt64, read: Bool, write: Bool) throws(SystemError) {
        try System.epollAdd(epollFD, fd: fd, interest: Self.interest(read: read, write: write), token: token)
    }

    /// Changes the interests of a registered `fd`.
    func reregister(fd: Int32, token: UInt64, read: Bool, write: Bool) throws(SystemError) {
        try System.epollModify(epollFD, fd: fd, interest: Self.interest(read: read, write: write), token: token)
    }

    /// Stops watching `fd` (call before closing it). A descriptor that was never added is fine.
    func deregister(fd: Int32) {
        _ = try? System.epollRemove(epollFD, fd: fd)
    }

    /// EPOLLRDHUP only with EPOLLIN: level-triggered, a half-closed peer would otherwise spin.
    private static func interest(read: Bool, write: Bool) -> System.EpollInterest {
        var interest: System.EpollInterest = []
        if read { interest.insert(.read) }
        if write { interest.insert(.write) }
        return interest
    }

    /// Waits up to `timeoutMillis` (-1: forever) and calls `body` for each event.
    /// Wake-ups are consumed here and reported with `wakeUpToken`.
    func whenReady(timeoutMillis: Int32, _ body: (System.EpollEvent) -> Void) throws(SystemError) {
        try System.epollWait(epollFD, into: events, timeoutMillis: timeoutMillis) { event in
            if event.token == Self.wakeUpToken { System.eventFDDrain(eventFD) }
            body(event)
        }
    }

    /// Wakes a thread blocked in `whenReady`. Safe from any thread.
    func wakeUp() {
        System.eventFDSignal(eventFD)
    }
}
