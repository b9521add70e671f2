/// The outcome of one non-blocking step on a client connection: bytes moved, or what the
/// socket must become before the step can go on (the exchange asks its loop to watch for it).
enum SocketProgress: Sendable, Equatable {
    /// This many bytes were read or written (a read of 0: the peer closed its side).
    case processed(Int)
    /// Try again once the socket is readable.
    case wantsRead
    /// Try again once the socket is writable.
    case wantsWrite
}
