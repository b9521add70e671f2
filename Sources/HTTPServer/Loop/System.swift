#if canImport(Glibc)
import Glibc
#endif

/// The outcome of a non-blocking syscall: a value, or "try again later" (EAGAIN/EWOULDBLOCK).
enum IOResult<T: Sendable>: Sendable {
    case processed(T)
    case wouldBlock
}

/// A failed syscall with its `errno`, thrown by `System`.
struct SystemError: Error, Sendable, CustomStringConvertible {
    /// The name of the call that failed.
    var function: String
    /// The `errno` the call left.
    var errno: Int32

    var description: String {
        "\(function) failed: \(String(cString: strerror(errno))) (errno \(errno))"
    }
}

/// Every syscall goes through here (after swift-nio's `System.swift`): `EINTR` is retried,
/// `EAGAIN`/`EWOULDBLOCK` come back as `.wouldBlock`, `EBADF`/`EFAULT` are programming errors.
enum System {
    @inline(__always)
    static func call<T: FixedWidthInteger & Sendable>(
        _ function: StaticString,
        blocking: Bool = false,
        _ body: () -> T
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

    /// Like `call` but for calls that never return EAGAIN in the way we use them.
    @inline(__always)
    static func checked<T: FixedWidthInteger & Sendable>(
        _ function: StaticString,
        _ body: () -> T
    ) throws(SystemError) -> T {
        switch try call(function, body) {
        case .processed(let value): return value
        case .wouldBlock: throw SystemError(function: "\(function)", errno: EAGAIN)
        }
    }

    /// Closes a descriptor, ignoring EINTR (on Linux the descriptor is released anyway).
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}
