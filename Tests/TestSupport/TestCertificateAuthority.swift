import Foundation

/// A throwaway certificate authority made with the `openssl` command in a temporary folder,
/// issuing server certificates for the names a test asks for, and a self-signed certificate
/// no one trusts.
public final class TestCertificateAuthority: Sendable {
    /// A PEM certificate chain and its private key.
    public struct Pair: Sendable {
        public let certificate: String
        public let key: String
    }

    /// The folder holding every file.
    public let directory: String
    /// The CA's certificate (PEM): what a client trusts.
    public let certificate: String

    /// A new CA, its folder in `TestScratch` (a CA kept in a static is removed with it at exit);
    /// nil when `openssl` is missing or fails.
    public init?() {
        guard let directory = try? TestScratch.makeFolder("ca") else { return nil }
        self.directory = directory
        certificate = directory + "/ca.pem"
        guard Self.openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", directory + "/ca-key.pem",
                            "-out", certificate, "-days", "1", "-subj", "/CN=Trellis Test CA"])
        else { return nil }
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// A server certificate signed by this CA with the subject `CN=<name>` and `subjectAltName`
    /// (e.g. `DNS:localhost,IP:127.0.0.1`; nil: none, the common name alone names the server).
    public func issue(_ name: String, subjectAltName: String?) -> Pair? {
        let key = "\(directory)/\(name)-key.pem", request = "\(directory)/\(name).csr", cert = "\(directory)/\(name).pem"
        let extensions = "\(directory)/\(name).ext"
        let names = subjectAltName.map { "subjectAltName=\($0)\n" } ?? "basicConstraints=CA:FALSE\n"
        guard (try? names.write(toFile: extensions, atomically: true, encoding: .utf8)) != nil,
              Self.openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", request, "-subj", "/CN=\(name)"]),
              Self.openssl(["x509", "-req", "-in", request, "-CA", certificate, "-CAkey", directory + "/ca-key.pem",
                            "-CAcreateserial", "-out", cert, "-days", "1", "-extfile", extensions])
        else { return nil }
        return Pair(certificate: cert, key: key)
    }

    /// A self-signed certificate for `subjectAltName`, trusted by no one.
    public func selfSigned(_ name: String, subjectAltName: String) -> Pair? {
        let key = "\(directory)/\(name)-key.pem", cert = "\(directory)/\(name).pem"
        guard Self.openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1",
                            "-subj", "/CN=\(name)", "-addext", "subjectAltName=\(subjectAltName)"])
        else { return nil }
        return Pair(certificate: cert, key: key)
    }

    private static func openssl(_ arguments: [String]) -> Bool {
        TestProcess.run("/usr/bin/env", ["openssl"] + arguments).status == 0
    }
}
