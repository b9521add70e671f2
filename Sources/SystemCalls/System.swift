#if canImport(Glibc)
import Glibc
#endif

import CLinux

/// Every syscall of Trellis goes through here (after swift-nio's `System.swift`): `EINTR` is
/// retried, `EAGAIN`/`EWOULDBLOCK` come back as `.wouldBlock`, `EBADF`/`EFAULT` are
/// programming errors (a descriptor used after close, a bad pointer) and stop the process;
/// anything else is thrown as a `SystemError` for the caller to treat as an ordinary event.
///
/// The named wrappers (`read`, `writev`, `accept`, `epollWait` ...) are in the extensions;
/// `call` is for the odd one out.
package enum System {
    /// Runs `body` (a syscall returning -1 and setting `errno` on failure) until it is not
    /// interrupted.
    @inline(__always)
    package static func call<T: FixedWidthInteger & Sendable>(
        _ function: StaticString, _ body: () -> T
    ) throws(SystemError) -> IOResult<T> {
        while true {
            let result = body()
            if result >= 0 { return .processed(result) }
            let err = Glibc.errno
            switch err {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                return .wouldBlock
            case EBADF, EFAULT:
                preconditionFailure("\(function) failed with errno \(err): a bug, not a runtime condition")
            default:
                throw SystemError(function: "\(function)", errno: err)
            }
        }
    }

    /// Like `call`, for calls that never return EAGAIN the way they are used.
    @inline(__always)
    package static func checked<T: FixedWidthInteger & Sendable>(
        _ function: StaticString, _ body: () -> T
    ) throws(SystemError) -> T {
        switch try call(function, body) {
        case .processed(let value): return value
        case .wouldBlock: throw SystemError(function: "\(function)", errno: EAGAIN)
        }
    }

    /// Names the calling thread, as `ps` and /proc show it (the first 15 bytes of `name`).
    package static func nameCurrentThread(_ name: String) {
        _ = clinux_set_thread_name(name)
    }

    /// Closes a descriptor. EINTR is not retried (on Linux the descriptor is released anyway);
    /// EBADF is a double close, a bug.
    package static func close(_ fd: Int32) {
        if Glibc.close(fd) != 0, Glibc.errno == EBADF {
            preconditionFailure("close(\(fd)) failed with EBADF: a double close")
        }
    }
}
