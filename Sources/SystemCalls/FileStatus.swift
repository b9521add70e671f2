#if canImport(Glibc)
import Glibc
#endif

/// What `stat` says of a file: its kind, size, identity and modification time. A reload
/// watcher compares these to notice an edit in place (size, time) or a save by rename (inode).
package struct FileStatus: Sendable, Equatable {
    /// The file's type (`st_mode & S_IFMT`).
    package enum Kind: Sendable, Equatable {
        case regular, directory, symlink, fifo, socket
        /// A character or block device.
        case device
    }

    package let kind: Kind
    package let size: Int64
    package let device: UInt64
    package let inode: UInt64
    /// Modification time in nanoseconds since the epoch.
    package let modified: Int64

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        case S_IFIFO: kind = .fifo
        case S_IFCHR, S_IFBLK: kind = .device
        default: kind = .socket
        }
        size = Int64(info.st_size)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}
