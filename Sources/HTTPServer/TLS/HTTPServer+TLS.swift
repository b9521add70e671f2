extension HTTPServer {
    /// Reloads the TLS certificate and key from `configuration.tls`'s files (say, on SIGHUP) and
    /// swaps them in atomically for new connections; live connections keep their session.
    /// A missing, broken or mismatched pair throws `TLSError` and the previous pair stays.
    public func reloadTLS() throws {
        guard let tls = context.tls else { throw TLSError("reloadTLS: TLS is not configured") }
        try tls.reload()
    }
}
