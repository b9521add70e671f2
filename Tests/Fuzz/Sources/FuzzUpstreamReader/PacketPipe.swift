#if canImport(Glibc)
import Glibc
#endif
@testable import Trellis

/// A local socket pair that delivers an input in given pieces: `SOCK_SEQPACKET` keeps each
/// piece a separate read, as a network would cut it, and the writing end is closed after the
/// last piece, so the reader then sees the peer's close. Nothing waits: every byte is queued
/// before the reader starts.
struct PacketPipe {
    /// The reading end, as the upstream client's connection.
    let connection: UpstreamConnection

    /// Queues `pieces` (each at most 16 KiB, one read's worth); nil if the socket buffer is full.
    init?(_ pieces: [ArraySlice<UInt8>]) {
        var fds: [Int32] = [0, 0]
        let type = Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &fds) == 0 else { fatalError("socketpair: errno \(errno)") }
        var size: Int32 = 4 << 20
        setsockopt(fds[1], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        defer { close(fds[1]) }
        for piece in pieces {
            let sent = piece.withUnsafeBytes { send(fds[1], $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent == piece.count else {
                close(fds[0])
                return nil
            }
        }
        connection = UpstreamConnection(fd: fds[0])
    }
}
