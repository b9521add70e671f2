import Foundation
import Glibc

/// One private folder per test process under `NSTemporaryDirectory()`, removed with everything
/// in it when the process exits, for the fixtures kept in statics: a static is never released,
/// so a folder its `deinit` would remove outlives the run (with private keys in it) and piles
/// up in /tmp run after run. Fixtures with an owner that ends remove their own folders.
public enum TestScratch {
    /// The process's folder, made (mode 0700) on first use.
    public static let folder: String = {
        let path = try! makeUniqueFolder(NSTemporaryDirectory() + "trellis-")
        // A C function pointer captures nothing: it finds the path in this static.
        atexit { try? FileManager.default.removeItem(atPath: TestScratch.folder) }
        return path
    }()

    /// A new empty folder (mode 0700) inside `folder`, named `prefix` and a unique suffix.
    public static func makeFolder(_ prefix: String) throws -> String {
        try makeUniqueFolder(folder + "/" + prefix + "-")
    }

    /// `mkdtemp` of `prefix` followed by six random characters.
    private static func makeUniqueFolder(_ prefix: String) throws -> String {
        var template = Array((prefix + "XXXXXX").utf8CString)
        return try template.withUnsafeMutableBufferPointer { buffer in
            guard let made = mkdtemp(buffer.baseAddress!) else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            return String(cString: made)
        }
    }
}
