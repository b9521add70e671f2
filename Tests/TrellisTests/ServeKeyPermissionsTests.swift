import Foundation
import Testing

/// `serve --tls-key` warns, as OpenSSH does, when the private key's group or others can read it.
@Suite struct ServeKeyPermissionsTests {
    /// Starts `serve` with a key file of `mode` (and no certificate, so it stops right after the
    /// check); returns what it printed on stderr.
    static func startWithKey(mode: Int) throws -> (path: String, stderr: String) {
        let dir = NSTemporaryDirectory() + "trellis-key-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let key = dir + "/k.pem"
        #expect(FileManager.default.createFile(atPath: key, contents: Data("not a key\n".utf8)))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: key)
        let result = try runTrellis(["serve", "--pages", ServeEndToEndTests.pages, "--port", "0",
                                     "--tls-cert", dir + "/missing.pem", "--tls-key", key])
        #expect(result.status == 1)
        return (key, result.stderr)
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o660])
    func aKeyOthersCanReadIsWarnedAboutByNameAndMode(_ mode: Int) throws {
        let (key, stderr) = try Self.startWithKey(mode: mode)
        #expect(stderr.contains("warning: the TLS private key \(key) has mode 0\(String(mode, radix: 8))"), "\(stderr)")
    }

    @Test(arguments: [0o600, 0o400])
    func aPrivateKeyIsNotWarnedAbout(_ mode: Int) throws {
        #expect(try !Self.startWithKey(mode: mode).stderr.contains("warning"))
    }
}
