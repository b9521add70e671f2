import SystemCalls
import COpenSSL

#if canImport(Glibc)
import Glibc
#endif

/// TLS over a non-blocking socket, with OpenSSL behind a pair of memory BIOs: we `read` the
/// ciphertext and `send(MSG_NOSIGNAL)` it ourselves, so EAGAIN is handled in one place
/// (`System.call`) and SIGPIPE can never fire. Used only on the connection's loop thread.
///
/// OpenSSL's error queue is per thread, shared with every other session on the loop (the
/// upstream client's too): each call judged by `SSL_get_error` starts with it empty, and a
/// failure empties it (`fail`), so no connection's error is taken for another's.
///
/// The handshake runs inside `read`, driven by readiness events: never on the accept path.
/// Ciphertext OpenSSL produced but the socket did not take waits in `pending`; while it does,
/// `hasPendingOutput` keeps EPOLLOUT armed.
final class TLSTransport: Transport {
    let fd: Int32
    private let ssl: OpaquePointer
    /// Ciphertext from the network, read by OpenSSL.
    private let input: OpaquePointer
    /// Ciphertext OpenSSL wrote, for the network.
    private let output: OpaquePointer
    private var pending: [UInt8] = []
    private var pendingOffset = 0
    private var established = false
    /// A fatal TLS error happened: no `SSL_shutdown` (OpenSSL forbids it).
    private var failed = false
    private var shutdownSent = false
    /// `shutdownWrite` was asked: the FIN follows the close_notify once `pending` is out.
    private var finWanted = false
    private var finSent = false
    private var closed = false

    /// Most plaintext encrypted per `write` call, so the output buffer stays bounded.
    static let maxPlaintextPerWrite = 65536

    /// A server-side TLS session on `fd`; nil if OpenSSL can't allocate one.
    init?(fd: Int32, context: TLSContext) {
        guard let ssl = SSL_new(context.context) else { return nil }
        guard let input = BIO_new(BIO_s_mem()), let output = BIO_new(BIO_s_mem()) else {
            SSL_free(ssl)
            return nil
        }
        self.fd = fd
        self.ssl = ssl
        self.input = input
        self.output = output
        SSL_set_bio(ssl, input, output)  // the SSL owns both BIOs now
        SSL_set_accept_state(ssl)
    }

    deinit {
        SSL_free(ssl)
    }

    var isEstablished: Bool { established }
    var hasPendingOutput: Bool { pendingOffset < pending.count }

    /// Drives the handshake, then decrypts as much as fits into `buffer`. `.wouldBlock` while the
    /// handshake or a record is incomplete; `.processed(0)` on close_notify or EOF after it.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        var produced = 0
        while true {
            if !established {
                try handshakeStep()
            }
            if established {
                switch try decrypt(into: buffer, at: &produced) {
                case .endOfStream: return .processed(produced)
                case .needInput: break
                }
            }
            try flushPending()
            if produced > 0 { return .processed(produced) }
            // All ciphertext in `input` decrypts into the buffer's space: nothing is left behind
            // unseen by a level-triggered epoll.
            let room = buffer.count - Int(BIO_ctrl_pending(input))
            guard room > 0 else { throw Self.failure("TLS record too large") }
            let result = try System.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<room]))
            guard case .processed(let count) = result else { return .wouldBlock }
            if count == 0 {
                // EOF without close_notify: end of input once established, an abort before.
                guard established else { throw SystemError(function: "TLS handshake", errno: ECONNRESET) }
                return .processed(0)
            }
            guard BIO_write(input, buffer.baseAddress, Int32(count)) == Int32(count) else {
                throw Self.failure("BIO_write")
            }
        }
    }

    private func handshakeStep() throws(SystemError) {
        ERR_clear_error()  // SSL_get_error reads the thread's queue: judge this call alone
        let result = SSL_do_handshake(ssl)
        if result == 1 {
            established = true
            return
        }
        switch SSL_get_error(ssl, result) {
        case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE:
            return  // memory BIOs: more input needed (output is buffered in `output`)
        default:
            try fail("SSL_do_handshake")
        }
    }

    private enum Decrypted { case needInput, endOfStream }

    private func decrypt(into buffer: UnsafeMutableRawBufferPointer, at produced: inout Int) throws(SystemError) -> Decrypted {
        while produced < buffer.count {
            ERR_clear_error()
            let result = SSL_read(ssl, buffer.baseAddress! + produced, Int32(buffer.count - produced))
            if result > 0 {
                produced += Int(result)
                continue
            }
            switch SSL_get_error(ssl, result) {
            case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE:
                return .needInput
            case SSL_ERROR_ZERO_RETURN:
                return .endOfStream  // the peer's close_notify
            default:
                try fail("SSL_read")
            }
        }
        return .needInput
    }

    /// Sends waiting ciphertext first; then encrypts up to `maxPlaintextPerWrite` bytes and
    /// returns how many plaintext bytes OpenSSL took (its ciphertext may still be pending).
    func write(_ buffers: UnsafeBufferPointer<iovec>) throws(SystemError) -> IOResult<Int> {
        guard established, !shutdownSent else { throw Self.failure("write before handshake or after shutdown") }
        try flushPending()
        if hasPendingOutput { return .wouldBlock }
        var taken = 0
        for vector in buffers where taken < Self.maxPlaintextPerWrite {
            let length = min(vector.iov_len, Self.maxPlaintextPerWrite - taken)
            guard length > 0 else { continue }
            ERR_clear_error()
            let result = SSL_write(ssl, vector.iov_base, Int32(length))
            guard result > 0 else {
                try fail("SSL_write")
            }
            taken += Int(result)
            if Int(result) < length { break }
        }
        try flushPending()
        return .processed(taken)
    }

    /// Moves OpenSSL's output to `pending` and sends as much as the socket takes; after a
    /// requested `shutdownWrite`, sends the FIN once everything is out.
    func flushPending() throws(SystemError) {
        collectOutput()
        while hasPendingOutput {
            let result = try pending.withUnsafeBytes { bytes in
                Result { () throws(SystemError) in
                    try System.send(fd, UnsafeRawBufferPointer(rebasing: bytes[pendingOffset...]))
                }
            }.get()
            guard case .processed(let sent) = result else { return }
            pendingOffset += sent
        }
        pending.removeAll(keepingCapacity: pending.capacity <= 65536)
        pendingOffset = 0
        if finWanted, !finSent {
            finSent = true
            System.shutdownWrite(fd)
        }
    }

    private func collectOutput() {
        let count = Int(BIO_ctrl_pending(output))
        guard count > 0 else { return }
        if pendingOffset > 0, pendingOffset == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingOffset = 0
        }
        let start = pending.count
        pending.append(contentsOf: repeatElement(0, count: count))
        let read = pending.withUnsafeMutableBytes { BIO_read(output, $0.baseAddress! + start, Int32(count)) }
        pending.removeLast(count - max(0, Int(read)))
    }

    /// Sends close_notify, then the FIN once all ciphertext is out (EPOLLOUT stays armed until then).
    func shutdownWrite() {
        finWanted = true
        sendCloseNotify()
        try? flushPending()
    }

    /// Best effort: close_notify and whatever ciphertext the socket takes now, then close.
    func close() {
        guard !closed else { return }
        closed = true
        sendCloseNotify()
        try? flushPending()
        System.close(fd)
    }

    private func sendCloseNotify() {
        guard established, !failed, !shutdownSent else { return }
        shutdownSent = true
        _ = SSL_shutdown(ssl)
        ERR_clear_error()
    }

    private func fail(_ function: StaticString) throws(SystemError) -> Never {
        failed = true
        ERR_clear_error()
        // OpenSSL may have queued an alert for the peer: best effort, the connection is over.
        try? flushPending()
        throw SystemError(function: "\(function)", errno: EPROTO)
    }

    private static func failure(_ function: String) -> SystemError {
        SystemError(function: function, errno: EPROTO)
    }
}
