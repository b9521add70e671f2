import COpenSSL
import HTTPServer

#if canImport(Glibc)
import Glibc
#endif

/// One TLS client session over a non-blocking socket: the handshake, reads and writes, each
/// one non-blocking step that says what OpenSSL waits for (`SocketProgress`). A view of an
/// `SSL *` that its `ClientConnection` (or, while idle, the pool) owns and frees with
/// `free()`; used by one exchange at a time, as its connection is.
///
/// OpenSSL's error queue is per thread and shared by every session an event loop drives;
/// `SSL_get_error` reads it. So each call whose result goes to `SSL_get_error` starts with an
/// empty queue (`call`), and a failure leaves none behind: an error of one connection (a
/// certificate that failed verification) is never taken for another's.
struct ClientTLSSession: @unchecked Sendable {
    private let ssl: OpaquePointer

    /// A view of `ssl`.
    init(ssl: OpaquePointer) {
        self.ssl = ssl
    }

    /// Frees the session (its owner calls this once).
    func free() {
        SSL_free(ssl)
    }

    /// One step of the handshake, which verifies the peer; a failed verification names
    /// OpenSSL's reason.
    func handshake() throws(ClientError) -> SocketProgress {
        let result = call { SSL_connect(ssl) }
        if result == 1 { return .processed(0) }
        return try want(after: result) { () throws(ClientError) in
            let verify = SSL_get_verify_result(ssl)
            if verify != X509_V_OK {
                throw .tls(String(cString: X509_verify_cert_error_string(verify)))
            }
            throw .tls("handshake failed: \(TLSError.openSSLReason())")
        }
    }

    /// Writes what it can of `bytes` (partial writes are on).
    func write(_ bytes: ArraySlice<UInt8>) throws(ClientError) -> SocketProgress {
        let result = call { bytes.withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) } }
        if result > 0 { return .processed(Int(result)) }
        return try want(after: result) { () throws(ClientError) in throw .connection(errno: EPIPE) }
    }

    /// Reads what the session has into `buffer`; `.processed(0)` when the peer closed.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ClientError) -> SocketProgress {
        let result = call { SSL_read(ssl, buffer.baseAddress, Int32(buffer.count)) }
        if result > 0 { return .processed(Int(result)) }
        if SSL_get_error(ssl, result) == SSL_ERROR_ZERO_RETURN { return .processed(0) }
        return try want(after: result) { () throws(ClientError) in throw .connection(errno: ECONNRESET) }
    }

    /// Whether the session holds input not yet read: decrypted bytes of a record, or records
    /// read from the socket but not yet processed (the socket alone can't tell).
    var hasBufferedInput: Bool {
        SSL_pending(ssl) > 0 || SSL_has_pending(ssl) == 1
    }

    /// Whether the idle session is still usable: records that arrived while it sat in the pool
    /// (TLS 1.3 session tickets) are consumed; application data, a close or an error is not idle.
    var staysIdle: Bool {
        var byte: UInt8 = 0
        let result = call { SSL_read(ssl, &byte, 1) }
        defer { ERR_clear_error() }
        return result <= 0 && SSL_get_error(ssl, result) == SSL_ERROR_WANT_READ
    }

    /// Runs one SSL I/O call with this thread's error queue emptied first, so that
    /// `SSL_get_error` judges this call alone.
    private func call(_ body: () -> Int32) -> Int32 {
        ERR_clear_error()
        return body()
    }

    /// What OpenSSL waits for after `result`; runs `fail` for anything but a want, and empties
    /// the error queue after it.
    private func want(after result: Int32, fail: () throws(ClientError) -> Never) throws(ClientError) -> SocketProgress {
        switch SSL_get_error(ssl, result) {
        case SSL_ERROR_WANT_READ: return .wantsRead
        case SSL_ERROR_WANT_WRITE: return .wantsWrite
        default:
            defer { ERR_clear_error() }
            try fail()
        }
    }
}
