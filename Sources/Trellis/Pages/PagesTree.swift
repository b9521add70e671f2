import Glibc
import SDUI

/// The JSON files under one directory, found by following symlinks (a mounted ConfigMap is
/// made of them), in sorted order. Lists; never opens a file.
///
/// Hidden entries are skipped: an editor's `.home.json.swp`, and the kubelet's `..data` and
/// `..2026_11_23_21_00_00.123456789` of a mounted ConfigMap. A symlink that ends at a FIFO,
/// a device or a socket, a symlink loop, a directory link back to a folder that contains it,
/// and a `.json` link to nothing are problems. Anything else not ending in `.json` is ignored.
struct PagesTree: Sendable, Equatable {
    /// One JSON file: its path relative to the tree's root and what `stat` says of it.
    struct File: Sendable, Equatable {
        let relative: String
        let size: Int64
        let device: UInt64
        let inode: UInt64
        /// Modification time in nanoseconds since the epoch.
        let modified: Int64
    }

    /// A directory's identity, to recognise one met again below itself.
    private struct DirectoryID: Equatable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private(set) var files: [File] = []
    private(set) var problems: [ValidationProblem] = []

    /// Walks `root`, an absolute path; an unlistable root is one problem naming it.
    init(root: String) {
        var info = stat()
        guard stat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            problems.append(ValidationProblem(file: root, path: "$", message: "no such directory"))
            return
        }
        visit(directory: root, relative: "", ancestors: [DirectoryID(info)])
    }

    private mutating func visit(directory: String, relative: String, ancestors: [DirectoryID]) {
        guard let names = Self.names(in: directory) else {
            problems.append(ValidationProblem(file: relative.isEmpty ? directory : relative, path: "$",
                                              message: "cannot list the directory: \(Self.errorText())"))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let path = directory + "/" + name
            let entry = relative.isEmpty ? name : relative + "/" + name
            let isJSON = name.hasSuffix(".json")
            var info = stat()
            guard stat(path, &info) == 0 else {
                if let message = Self.unreachableMessage(path: path, isJSON: isJSON) {
                    problems.append(ValidationProblem(file: entry, path: "$", message: message))
                }
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                let id = DirectoryID(info)
                if ancestors.contains(id) {
                    problems.append(ValidationProblem(file: entry, path: "$", message: "a symlink loop: leads back to a folder that contains it"))
                } else {
                    visit(directory: path, relative: entry, ancestors: ancestors + [id])
                }
            case S_IFREG:
                if isJSON {
                    files.append(File(relative: entry, size: Int64(info.st_size), device: UInt64(info.st_dev),
                                      inode: UInt64(info.st_ino),
                                      modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)))
                }
            case S_IFIFO:
                problems.append(ValidationProblem(file: entry, path: "$", message: "a FIFO, not a regular file"))
            case S_IFCHR, S_IFBLK:
                problems.append(ValidationProblem(file: entry, path: "$", message: "a device, not a regular file"))
            default:
                problems.append(ValidationProblem(file: entry, path: "$", message: "a socket, not a regular file"))
            }
        }
    }

    /// Why `stat` failed on an entry, or nil when it is no problem: a name removed while the
    /// folder was listed (an edit in progress, which the next poll sees) or a non-JSON link
    /// to nothing.
    private static func unreachableMessage(path: String, isJSON: Bool) -> String? {
        let failure = errno
        if failure == ELOOP { return "a symlink loop" }
        var link = stat()
        let isDanglingLink = failure == ENOENT && lstat(path, &link) == 0
        if failure == ENOENT && !isDanglingLink { return nil }
        guard isJSON else { return nil }
        return isDanglingLink ? "a symlink to nothing" : "cannot read the file: \(errorText(failure))"
    }

    /// The names in `directory`, sorted, or nil when it can't be opened.
    private static func names(in directory: String) -> [String]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            names.append(name)
        }
        return names.sorted()
    }

    private static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
