import COpenSSL
import HTTPServer

/// The TLS client settings of every `https://` request (SPEC §6.2): TLS 1.2 or 1.3, the
/// chain verified against the system trust store plus the given CA files, SNI sent,
/// and the host name (or IP address) checked against the certificate's subjectAltName only
/// (RFC 9525 §6.3: never the subject's common name; no partial wildcards such as `w*.test`).
/// One `SSL_CTX`, built once and shared (OpenSSL contexts are thread-safe once configured);
/// everything that differs per connection is set on its own `SSL`.
package final class ClientTLSContext: @unchecked Sendable {
    private let context: OpaquePointer

    /// A context trusting the system store and the PEM certificates in `caFiles`.
    package init(caFiles: [String] = []) throws(TLSError) {
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw TLSError("SSL_CTX_new failed: \(TLSError.openSSLReason())")
        }
        self.context = context
        guard copenssl_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION) == 1 else {
            throw TLSError("TLS settings rejected: \(TLSError.openSSLReason())")
        }
        _ = copenssl_SSL_CTX_set_options(context, copenssl_client_options())
        _ = copenssl_SSL_CTX_set_mode(context, copenssl_client_modes())
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        _ = SSL_CTX_set_default_verify_paths(context)  // no system store is not an error: --upstream-ca may do
        for file in caFiles where SSL_CTX_load_verify_locations(context, file, nil) != 1 {
            throw TLSError("upstream CA \(file): \(TLSError.openSSLReason())")
        }
    }

    deinit {
        SSL_CTX_free(context)
    }

    /// A client session on the connected socket `fd` for `host` (a name or an IP literal),
    /// not yet shaken hands.
    func session(fd: Int32, host: String) throws(ClientError) -> ClientTLSSession {
        guard let ssl = SSL_new(context) else { throw .tls("SSL_new failed: \(TLSError.openSSLReason())") }
        let session = ClientTLSSession(ssl: ssl)
        let isAddress = host.contains(":") || host.utf8.allSatisfy { $0 == UInt8(ascii: ".") || ($0 >= 48 && $0 <= 57) }
        let param = SSL_get0_param(ssl)
        X509_VERIFY_PARAM_set_hostflags(param, copenssl_client_host_flags())
        let checked = isAddress
            ? X509_VERIFY_PARAM_set1_ip_asc(param, host) == 1
            : SSL_set1_host(ssl, host) == 1 && copenssl_SSL_set_tlsext_host_name(ssl, host) == 1
        guard checked, SSL_set_fd(ssl, fd) == 1 else {
            session.free()
            throw .tls("cannot set up TLS for \(host): \(TLSError.openSSLReason())")
        }
        return session
    }
}
