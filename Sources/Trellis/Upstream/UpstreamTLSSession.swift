import COpenSSL
import HTTPServer

#if canImport(Glibc)
import Glibc
#endif

/// One TLS client session over a non-blocking socket: the handshake, reads and writes, each
/// waiting with `poll` for what OpenSSL wants, within the fetch's deadline. A view of an
/// `SSL *` that its `UpstreamConnection` (or, while idle, the pool) owns and frees with
/// `free()`; used by one fetch at a time, as its connection is.
struct UpstreamTLSSession: @unchecked Sendable {
    private let ssl: OpaquePointer

    /// A view of `ssl`.
    init(ssl: OpaquePointer) {
        self.ssl = ssl
    }

    /// Frees the session (its owner calls this once).
    func free() {
        SSL_free(ssl)
    }

    /// Shakes hands and verifies the peer; a failed verification names OpenSSL's reason.
    func handshake(fd: Int32, deadline: UpstreamDeadline) throws(UpstreamError) {
        while true {
            let result = SSL_connect(ssl)
            if result == 1 { return }
            try wait(for: result, fd: fd, deadline: deadline) { () throws(UpstreamError) in
                let verify = SSL_get_verify_result(ssl)
                if verify != X509_V_OK {
                    throw .tls(String(cString: X509_verify_cert_error_string(verify)))
                }
                throw .tls("handshake failed: \(TLSError.openSSLReason())")
            }
        }
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8], fd: Int32, deadline: UpstreamDeadline) throws(UpstreamError) {
        var offset = 0
        while offset < bytes.count {
            let result = bytes[offset...].withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) }
            if result > 0 {
                offset += Int(result)
                continue
            }
            try wait(for: result, fd: fd, deadline: deadline) { () throws(UpstreamError) in
                throw .connection(errno: EPIPE)
            }
        }
    }

    /// Appends what the session has to `buffer`; 0 when the peer closed.
    func read(into buffer: inout [UInt8], fd: Int32, deadline: UpstreamDeadline) throws(UpstreamError) -> Int {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let result = chunk.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) }
            if result > 0 {
                buffer.append(contentsOf: chunk[0..<Int(result)])
                return Int(result)
            }
            if SSL_get_error(ssl, result) == SSL_ERROR_ZERO_RETURN { return 0 }
            try wait(for: result, fd: fd, deadline: deadline) { () throws(UpstreamError) in
                throw .connection(errno: ECONNRESET)
            }
        }
    }

    /// Whether the idle session is still usable: records that arrived while it sat in the pool
    /// (TLS 1.3 session tickets) are consumed; application data, a close or an error is not idle.
    var staysIdle: Bool {
        var byte: UInt8 = 0
        let result = SSL_read(ssl, &byte, 1)
        return result <= 0 && SSL_get_error(ssl, result) == SSL_ERROR_WANT_READ
    }

    /// Polls for what OpenSSL asks after `result`; runs `fail` for anything but a want.
    private func wait(for result: Int32, fd: Int32, deadline: UpstreamDeadline,
                      fail: () throws(UpstreamError) -> Never) throws(UpstreamError) {
        switch SSL_get_error(ssl, result) {
        case SSL_ERROR_WANT_READ: try deadline.wait(fd, for: Int16(POLLIN))
        case SSL_ERROR_WANT_WRITE: try deadline.wait(fd, for: Int16(POLLOUT))
        default: try fail()
        }
    }
}
