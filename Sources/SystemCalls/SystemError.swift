#if canImport(Glibc)
import Glibc
#endif

/// A failed syscall with its `errno`, thrown by `System`.
package struct SystemError: Error, Sendable, CustomStringConvertible {
    /// The name of the call that failed.
    package var function: String
    /// The `errno` the call left.
    package var errno: Int32

    /// A failure of `function` with `errno`.
    package init(function: String, errno: Int32) {
        self.function = function
        self.errno = errno
    }

    /// What `errno` means, as `strerror` says it: `Permission denied`.
    package var reason: String { String(cString: strerror(errno)) }

    /// `read failed: Connection reset by peer (errno 104)`.
    package var description: String {
        "\(function) failed: \(reason) (errno \(errno))"
    }
}
