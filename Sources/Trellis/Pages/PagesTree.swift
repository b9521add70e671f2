import Glibc
import SDUI
import SystemCalls

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
        let status: FileStatus
    }

    /// A directory's identity, to recognise one met again below itself.
    private struct DirectoryID: Equatable {
        let device: UInt64
        let inode: UInt64

        init(_ status: FileStatus) {
            device = status.device
            inode = status.inode
        }
    }

    private(set) var files: [File] = []
    private(set) var problems: [ValidationProblem] = []

    /// Walks `root`, an absolute path; an unlistable root is one problem naming it.
    init(root: String) {
        guard let status = try? System.status(of: root), status.kind == .directory else {
            problems.append(ValidationProblem(file: root, path: "$", message: "no such directory"))
            return
        }
        visit(directory: root, relative: "", ancestors: [DirectoryID(status)])
    }

    private mutating func visit(directory: String, relative: String, ancestors: [DirectoryID]) {
        let names: [String]
        do {
            names = try System.directoryEntries(directory).sorted()
        } catch {
            problems.append(ValidationProblem(file: relative.isEmpty ? directory : relative, path: "$",
                                              message: "cannot list the directory: \(error.reason)"))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let path = directory + "/" + name
            let entry = relative.isEmpty ? name : relative + "/" + name
            let isJSON = name.hasSuffix(".json")
            let status: FileStatus
            do {
                status = try System.status(of: path)
            } catch {
                if let message = Self.unreachableMessage(path: path, isJSON: isJSON, error) {
                    problems.append(ValidationProblem(file: entry, path: "$", message: message))
                }
                continue
            }
            switch status.kind {
            case .directory:
                let id = DirectoryID(status)
                if ancestors.contains(id) {
                    problems.append(ValidationProblem(file: entry, path: "$", message: "a symlink loop: leads back to a folder that contains it"))
                } else {
                    visit(directory: path, relative: entry, ancestors: ancestors + [id])
                }
            case .regular:
                if isJSON { files.append(File(relative: entry, status: status)) }
            case .fifo:
                problems.append(ValidationProblem(file: entry, path: "$", message: "a FIFO, not a regular file"))
            case .device:
                problems.append(ValidationProblem(file: entry, path: "$", message: "a device, not a regular file"))
            case .socket, .symlink:
                problems.append(ValidationProblem(file: entry, path: "$", message: "a socket, not a regular file"))
            }
        }
    }

    /// Why `stat` failed on an entry, or nil when it is no problem: a name removed while the
    /// folder was listed (an edit in progress, which the next poll sees) or a non-JSON link
    /// to nothing.
    private static func unreachableMessage(path: String, isJSON: Bool, _ failure: SystemError) -> String? {
        if failure.errno == ELOOP { return "a symlink loop" }
        let isDanglingLink = failure.errno == ENOENT && (try? System.linkStatus(of: path)) != nil
        if failure.errno == ENOENT && !isDanglingLink { return nil }
        guard isJSON else { return nil }
        return isDanglingLink ? "a symlink to nothing" : "cannot read the file: \(failure.reason)"
    }
}
