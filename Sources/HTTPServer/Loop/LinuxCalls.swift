#if canImport(Glibc)
import Glibc
#endif

/// Linux calls the `Glibc` module does not import (`sys/epoll.h`, `sys/eventfd.h`,
/// `accept4`), resolved once with `dlsym` as C function pointers — no C shim target needed.
enum LinuxCalls {
    typealias EpollCreate1 = @convention(c) (Int32) -> Int32
    typealias EpollCtl = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    typealias EpollWait = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
    typealias EventFD = @convention(c) (UInt32, Int32) -> Int32
    typealias Accept4 = @convention(c) (
        Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32
    ) -> Int32

    nonisolated(unsafe) private static let handle = dlopen(nil, RTLD_NOW)

    private static func symbol<F>(_ name: String, as type: F.Type) -> F {
        guard let pointer = dlsym(handle, name) else {
            fatalError("libc symbol \(name) is missing")
        }
        return unsafeBitCast(pointer, to: type)
    }

    static let epollCreate1 = symbol("epoll_create1", as: EpollCreate1.self)
    static let epollCtl = symbol("epoll_ctl", as: EpollCtl.self)
    static let epollWait = symbol("epoll_wait", as: EpollWait.self)
    static let eventFD = symbol("eventfd", as: EventFD.self)
    static let accept4 = symbol("accept4", as: Accept4.self)

    // <sys/epoll.h>
    static let EPOLLIN: UInt32 = 0x001
    static let EPOLLOUT: UInt32 = 0x004
    static let EPOLLERR: UInt32 = 0x008
    static let EPOLLHUP: UInt32 = 0x010
    static let EPOLLRDHUP: UInt32 = 0x2000
    static let EPOLL_CTL_ADD: Int32 = 1
    static let EPOLL_CTL_DEL: Int32 = 2
    static let EPOLL_CTL_MOD: Int32 = 3
    static let EPOLL_CLOEXEC: Int32 = 0o2000000
    // <sys/eventfd.h>
    static let EFD_CLOEXEC: Int32 = 0o2000000
    static let EFD_NONBLOCK: Int32 = 0o4000
    /// Linux's `IOV_MAX`.
    static let IOV_MAX = 1024

    #if arch(x86_64)
    /// `struct epoll_event` is packed on x86-64: 4 bytes of events, 8 of data.
    static let epollEventSize = 12
    static let epollDataOffset = 4
    #else
    static let epollEventSize = 16
    static let epollDataOffset = 8
    #endif
}
