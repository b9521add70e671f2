#if canImport(Glibc)
import Glibc
#endif

/// The byte I/O of one connection: the seam where a TLS transport plugs in later.
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
}

/// Plain TCP: `read`, `writev` (SIGPIPE is ignored process-wide), `shutdown`, `close`.
final class SocketTransport: Transport {
    let fd: Int32

    init(fd: Int32) {
        self.fd = fd
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        try System.call("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    func write(_ buffers: UnsafeBufferPointer<iovec>) throws(SystemError) -> IOResult<Int> {
        try System.call("writev") { Glibc.writev(fd, buffers.baseAddress, Int32(buffers.count)) }
    }

    func shutdownWrite() {
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
    }

    func close() {
        System.close(fd)
    }
}
