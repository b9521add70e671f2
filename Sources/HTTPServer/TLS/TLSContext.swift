import COpenSSL

#if canImport(Glibc)
import Glibc
#endif

/// One loaded `SSL_CTX`: the server settings, certificate and key. Immutable once built, so it
/// is shared by every loop; each `SSL` holds its own reference, so a reload can drop it safely.
final class TLSContext: @unchecked Sendable {
    /// The TLS 1.2 ciphers: ECDHE key exchange and AEAD only.
    static let tls12Ciphers = [
        "ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-RSA-AES128-GCM-SHA256", "ECDHE-ECDSA-AES256-GCM-SHA384",
        "ECDHE-RSA-AES256-GCM-SHA384", "ECDHE-ECDSA-CHACHA20-POLY1305", "ECDHE-RSA-CHACHA20-POLY1305",
    ].joined(separator: ":")

    let context: OpaquePointer

    /// Builds a server context from PEM files; throws `TLSError` naming the file and the reason.
    init(certificatePath: String, privateKeyPath: String) throws(TLSError) {
        try Self.checkReadable(certificatePath, what: "certificate")
        try Self.checkReadable(privateKeyPath, what: "private key")
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_server_method()) else {
            throw TLSError("SSL_CTX_new failed: \(TLSError.openSSLReason())")
        }
        self.context = context
        guard copenssl_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION) == 1,
            SSL_CTX_set_cipher_list(context, Self.tls12Ciphers) == 1
        else { throw TLSError("TLS settings rejected: \(TLSError.openSSLReason())") }
        _ = copenssl_SSL_CTX_set_options(context, copenssl_server_options())
        _ = copenssl_SSL_CTX_set_mode(context, copenssl_server_modes())
        copenssl_SSL_CTX_select_alpn_http11(context)
        guard SSL_CTX_use_certificate_chain_file(context, certificatePath) == 1 else {
            throw TLSError("certificate \(certificatePath): \(TLSError.openSSLReason())")
        }
        // OpenSSL compares the key with the certificate while loading it, and again here.
        guard SSL_CTX_use_PrivateKey_file(context, privateKeyPath, SSL_FILETYPE_PEM) == 1,
            SSL_CTX_check_private_key(context) == 1
        else {
            let reason = TLSError.openSSLReason()
            guard reason.contains("mismatch") else { throw TLSError("private key \(privateKeyPath): \(reason)") }
            throw TLSError("private key \(privateKeyPath) does not match certificate \(certificatePath): \(reason)")
        }
    }

    deinit {
        SSL_CTX_free(context)
    }

    private static func checkReadable(_ path: String, what: String) throws(TLSError) {
        guard access(path, R_OK) == 0 else {
            throw TLSError("\(what) \(path): cannot read: \(String(cString: strerror(errno)))")
        }
    }
}
