#if canImport(Glibc)
import Glibc
#endif

/// OpenSSH's check of a private key file, as a warning only: `serve` still starts, so that a
/// deployment whose secret store mounts keys 0644 keeps working, but the operator is told.
enum PrivateKeyPermissions {
    /// A warning naming `path` and its mode when its group or others have any access to it
    /// (mode & 0o077, as OpenSSH checks); nil otherwise, or when it can't be examined (loading
    /// the key reports that).
    static func warning(forKeyAt path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 != 0 else { return nil }
        let octal = String(mode, radix: 8)
        let text = String(repeating: "0", count: max(0, 4 - octal.count)) + octal
        return "warning: the TLS private key \(path) has mode \(text): its group or others can access it; chmod 600 it"
    }
}
