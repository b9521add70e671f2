#if canImport(Glibc)
import Glibc
#endif

/// Files and directories, for reading a folder from disk (the Pages folder): status, links,
/// listings and whole-file reads, with the same `EINTR` and error rules as every other call.
extension System {
    /// `stat`: the status of what `path` names, following symlinks.
    package static func status(of path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        _ = try checked("stat") { stat(path, &info) }
        return FileStatus(info)
    }

    /// `lstat`: the status of `path` itself, a symlink rather than what it names.
    package static func linkStatus(of path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        _ = try checked("lstat") { Glibc.lstat(path, &info) }
        return FileStatus(info)
    }

    /// `fstat`: the status of an open descriptor.
    package static func status(of fd: Int32) throws(SystemError) -> FileStatus {
        var info = stat()
        _ = try checked("fstat") { Glibc.fstat(fd, &info) }
        return FileStatus(info)
    }

    /// `readlink`: the target of the symlink `path`, as written in the link.
    package static func linkTarget(of path: String) throws(SystemError) -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
        let count = try checked("readlink") {
            buffer.withUnsafeMutableBytes { Glibc.readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count) }
        }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// `open` for reading, close-on-exec and non-blocking: a FIFO put where a file was expected
    /// can't hang the caller (check `status(of:)` once open). Close it with `close`.
    package static func openForReading(_ path: String) throws(SystemError) -> Int32 {
        try checked("open") { Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    }

    /// Everything left to read from `fd`, up to end of input.
    package static func readToEnd(_ fd: Int32) throws(SystemError) -> [UInt8] {
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try checked("read") { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            if count == 0 { return contents }
            contents += chunk[..<count]
        }
    }

    /// The names in the directory `path` (`.` and `..` left out), in the order `readdir` gives.
    package static func directoryEntries(_ path: String) throws(SystemError) -> [String] {
        guard let directory = opendir(path) else { throw SystemError(function: "opendir", errno: Glibc.errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            Glibc.errno = 0
            guard let entry = readdir(directory) else {
                if Glibc.errno != 0 { throw SystemError(function: "readdir", errno: Glibc.errno) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
    }
}
