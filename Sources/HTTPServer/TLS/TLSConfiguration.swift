/// TLS for every accepted connection (SPEC §4.3): TLS 1.2 and 1.3 only, ECDHE+AEAD ciphers
/// for 1.2 (OpenSSL's defaults for 1.3), ALPN `http/1.1`, no compression, no renegotiation.
///
/// A client that offers ALPN without `http/1.1` (say, only `h2`) gets no ALPN answer and is
/// served HTTP/1.1 anyway (RFC 7301 allows a server to ignore ALPN).
public struct TLSConfiguration: Sendable {
    /// PEM file with the certificate, optionally followed by its chain.
    public var certificatePath: String
    /// PEM file with the private key (unencrypted) that matches the certificate.
    public var privateKeyPath: String
    /// Longest time from accept to a completed handshake; the connection is closed after it.
    /// The head timeout bounds it too (whichever is shorter).
    public var handshakeTimeout: Duration = .seconds(10)

    /// TLS with the certificate and key in these PEM files.
    public init(certificatePath: String, privateKeyPath: String) {
        self.certificatePath = certificatePath
        self.privateKeyPath = privateKeyPath
    }
}

/// A certificate or key could not be loaded (at `start` or `reloadTLS`), or TLS is not set up.
public struct TLSError: Error, Sendable, CustomStringConvertible {
    /// What failed, naming the file and OpenSSL's reason, e.g.
    /// `private key /etc/k.pem does not match certificate /etc/c.pem: …key values mismatch`.
    public var description: String

    /// An error with this message.
    public init(_ description: String) {
        self.description = description
    }
}
