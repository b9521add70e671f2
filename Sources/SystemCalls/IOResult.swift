/// The outcome of a non-blocking syscall: a value, or "try again later" (EAGAIN/EWOULDBLOCK).
package enum IOResult<T: Sendable>: Sendable {
    /// The call did its work and returned this value.
    case processed(T)
    /// The descriptor is not ready (EAGAIN/EWOULDBLOCK; EINPROGRESS for `connect`).
    case wouldBlock
}
