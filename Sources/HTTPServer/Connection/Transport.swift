import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

/// The byte I/O of one connection: plain TCP (`SocketTransport`) or TLS (`TLSTransport`).
/// Used only on the connection's event-loop thread.
protocol Transport: AnyObject {
    /// The socket, for readiness registration.
    var fd: Int32 { get }
    /// Reads into `buffer`; `.processed(0)` is end of input.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> IOResult<Int>
    /// Writes the buffers in order with one call where possible; returns bytes written.
    func write(_ buffers: UnsafeBufferPointer<iovec>) throws(SystemError) -> IOResult<Int>
    /// Ends the write side after the last response (a FIN, not a reset).
    func shutdownWrite()
    /// Releases the socket.
    func close()
    /// Whether request bytes can flow yet (TLS: the handshake is complete).
    var isEstablished: Bool { get }
    /// Output of the transport's own (TLS records) waits for the socket: keep EPOLLOUT armed.
    var hasPendingOutput: Bool { get }
    /// Sends the transport's own waiting output, as much as the socket takes.
    func flushPending() throws(SystemError)
}

extension Transport {
    var isEstablished: Bool { true }
    var hasPendingOutput: Bool { false }
    func flushPending() throws(SystemError) {}
}

/// Plain TCP: `read`, `writev` (SIGPIPE is ignored process-wide), `shutdown`, `close`.
final class SocketTransport: Transport {
    let fd: Int32

    init(fd: Int32) {
        self.fd = fd
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        try System.read(fd, into: buffer)
    }

    func write(_ buffers: UnsafeBufferPointer<iovec>) throws(SystemError) -> IOResult<Int> {
        try System.writev(fd, buffers)
    }

    func shutdownWrite() {
        System.shutdownWrite(fd)
    }

    func close() {
        System.close(fd)
    }
}
