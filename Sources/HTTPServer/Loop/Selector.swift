#if canImport(Glibc)
import Glibc
#endif

/// One epoll instance plus an eventfd for cross-thread wake-ups (after swift-nio's
/// `SelectorEpoll.swift`). Level-triggered; each registration carries a 64-bit token.
/// Owned by one event loop; only `wakeUp()` may be called from other threads.
final class Selector: @unchecked Sendable {
    /// A readiness event for the registration `token`.
    struct Event {
        var token: UInt64
        var readable: Bool
        var writable: Bool
        /// Error or hang-up (both directions).
        var hangUp: Bool
    }

    /// The token reserved for the wake-up eventfd.
    static let wakeUpToken: UInt64 = 0

    private let epollFD: Int32
    private let eventFD: Int32
    private let capacity = 256
    private let events: UnsafeMutableRawPointer

    init() throws(SystemError) {
        epollFD = try System.checked("epoll_create1") { LinuxCalls.epollCreate1(LinuxCalls.EPOLL_CLOEXEC) }
        eventFD = try System.checked("eventfd") {
            LinuxCalls.eventFD(0, LinuxCalls.EFD_CLOEXEC | LinuxCalls.EFD_NONBLOCK)
        }
        events = UnsafeMutableRawPointer.allocate(
            byteCount: capacity * LinuxCalls.epollEventSize, alignment: 8)
        try control(LinuxCalls.EPOLL_CTL_ADD, fd: eventFD, token: Self.wakeUpToken, read: true, write: false)
    }

    deinit {
        events.deallocate()
        System.close(eventFD)
        System.close(epollFD)
    }

    /// Starts watching `fd` for the given interests.
    func register(fd: Int32, token: UInt64, read: Bool, write: Bool) throws(SystemError) {
        try control(LinuxCalls.EPOLL_CTL_ADD, fd: fd, token: token, read: read, write: write)
    }

    /// Changes the interests of a registered `fd`.
    func reregister(fd: Int32, token: UInt64, read: Bool, write: Bool) throws(SystemError) {
        try control(LinuxCalls.EPOLL_CTL_MOD, fd: fd, token: token, read: read, write: write)
    }

    /// Stops watching `fd` (call before closing it).
    func deregister(fd: Int32) {
        _ = try? System.call("epoll_ctl") { LinuxCalls.epollCtl(epollFD, LinuxCalls.EPOLL_CTL_DEL, fd, nil) }
    }

    private func control(_ op: Int32, fd: Int32, token: UInt64, read: Bool, write: Bool) throws(SystemError) {
        // EPOLLRDHUP only with EPOLLIN: level-triggered, a half-closed peer would otherwise spin.
        var mask: UInt32 = 0
        if read { mask |= LinuxCalls.EPOLLIN | LinuxCalls.EPOLLRDHUP }
        if write { mask |= LinuxCalls.EPOLLOUT }
        var raw = (UInt64(0), UInt64(0))  // 16 zeroed bytes, enough for either layout
        _ = try withUnsafeMutableBytes(of: &raw) { (buffer) throws(SystemError) -> Int32 in
            buffer.storeBytes(of: mask, toByteOffset: 0, as: UInt32.self)
            buffer.storeBytes(of: token, toByteOffset: LinuxCalls.epollDataOffset, as: UInt64.self)
            return try System.checked("epoll_ctl") { LinuxCalls.epollCtl(epollFD, op, fd, buffer.baseAddress) }
        }
    }

    /// Waits up to `timeoutMillis` (-1: forever) and calls `body` for each event.
    /// Wake-ups are consumed here and reported with `wakeUpToken`.
    func whenReady(timeoutMillis: Int32, _ body: (Event) -> Void) throws(SystemError) {
        let result = try System.call("epoll_wait") {
            LinuxCalls.epollWait(epollFD, events, Int32(capacity), timeoutMillis)
        }
        guard case .processed(let count) = result else { return }
        for index in 0..<Int(count) {
            let base = index * LinuxCalls.epollEventSize
            let mask = events.loadUnaligned(fromByteOffset: base, as: UInt32.self)
            let token = events.loadUnaligned(fromByteOffset: base + LinuxCalls.epollDataOffset, as: UInt64.self)
            if token == Self.wakeUpToken {
                var value: UInt64 = 0
                _ = Glibc.read(eventFD, &value, 8)
            }
            let hangUp = mask & (LinuxCalls.EPOLLERR | LinuxCalls.EPOLLHUP) != 0
            body(Event(
                token: token,
                readable: mask & (LinuxCalls.EPOLLIN | LinuxCalls.EPOLLRDHUP) != 0 || hangUp,
                writable: mask & LinuxCalls.EPOLLOUT != 0 || hangUp,
                hangUp: hangUp))
        }
    }

    /// Wakes a thread blocked in `whenReady`. Safe from any thread.
    func wakeUp() {
        var one: UInt64 = 1
        _ = Glibc.write(eventFD, &one, 8)
    }
}
