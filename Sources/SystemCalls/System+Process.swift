#if canImport(Glibc)
import Glibc
#endif

extension System {
    /// The process's soft limit on open descriptors (`RLIMIT_NOFILE`).
    package static func openFileLimit() throws(SystemError) -> UInt64 {
        var limit = rlimit()
        _ = try checked("getrlimit") { getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) }
        return UInt64(limit.rlim_cur)
    }

    /// A small file's bytes (a /proc file): opened, read to its end, closed.
    package static func readFile(_ path: String) throws(SystemError) -> [UInt8] {
        let fd = try openForReading(path)
        defer { close(fd) }
        return try readToEnd(fd)
    }
}
