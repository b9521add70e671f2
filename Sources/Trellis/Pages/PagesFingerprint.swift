import Glibc

/// What the reload watcher compares between polls: every JSON file's path, size, inode and
/// modification time in nanoseconds. Edits in place (size or mtime change), saves by rename
/// (inode change), added and removed files all change it.
struct PagesFingerprint: Sendable, Equatable {
    private struct Entry: Sendable, Equatable {
        let path: String
        let size: Int64
        let inode: UInt64
        let modified: Int64
    }

    private let entries: [Entry]

    /// Takes the fingerprint of `folder`; an unreadable folder gives an empty fingerprint.
    init(of folder: PagesFolder) {
        let files = (try? folder.jsonFiles()) ?? []
        entries = files.compactMap { relative in
            var info = stat()
            guard stat(folder.path + "/" + relative, &info) == 0 else { return nil }
            return Entry(
                path: relative,
                size: Int64(info.st_size),
                inode: UInt64(info.st_ino),
                modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            )
        }
    }
}
