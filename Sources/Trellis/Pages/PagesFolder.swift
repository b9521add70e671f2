import Foundation
import SDUI
import SystemCalls

/// The Pages/ folder on disk: reads every `.json` file under it into memory, keyed by its
/// path relative to the folder (`pages/home.json`), for `Site.load`. Symlinks are followed
/// and hidden entries skipped (`PagesTree`).
///
/// A folder holding a `..data` symlink is a mounted ConfigMap (SPEC §9): the kubelet writes
/// each version into a new hidden directory, renames a new `..data` link over the old one,
/// then removes the old directory. Such a folder is read through the directory `..data`
/// names, resolved once, and the link is read again afterwards: a read that straddled a swap
/// is retried, so one read is one whole version.
struct PagesFolder: Sendable {
    /// What the folder holds at one moment, listed without opening a file. The reload watcher
    /// compares these: a ConfigMap swap changes the generation; an edit in place changes a
    /// size or modification time, a save by rename an inode, and files come and go.
    struct Listing: Sendable, Equatable {
        /// The target of `..data` (a mounted ConfigMap's version), nil in a plain folder.
        let generation: String?
        /// The directory the files were found in: the folder, or the one `..data` names.
        let root: String
        let tree: PagesTree
    }

    /// Why one file could not be read.
    private struct ReadFailure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// How many reads in a row may straddle a swap before the folder counts as unreadable.
    private static let attempts = 5

    /// The folder's absolute path, without a trailing slash.
    let path: String

    init(path: String) {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        self.path = URL(fileURLWithPath: absolute).standardizedFileURL.path
    }

    /// The folder's current version and JSON files.
    func list() -> Listing {
        let generation = generationLink()
        let root = generation.map { $0.hasPrefix("/") ? $0 : path + "/" + $0 } ?? path
        return Listing(generation: generation, root: root, tree: PagesTree(root: root))
    }

    /// Every JSON file's bytes, keyed by relative path, all from one version of the folder.
    func read() throws(PagesFolderError) -> [String: [UInt8]] {
        for _ in 0..<Self.attempts {
            let listing = list()
            var problems = listing.tree.problems
            var contents: [String: [UInt8]] = [:]
            for file in listing.tree.files {
                switch Self.contents(of: listing.root + "/" + file.relative) {
                case .success(let bytes): contents[file.relative] = bytes
                case .failure(let failure): problems.append(ValidationProblem(file: file.relative, path: "$", message: failure.message))
                }
            }
            guard generationLink() == listing.generation else { continue }
            guard problems.isEmpty else { throw PagesFolderError(problems: problems) }
            return contents
        }
        throw PagesFolderError(problems: [ValidationProblem(file: path + "/..data", path: "$",
                                                            message: "changed during \(Self.attempts) reads in a row")])
    }

    /// The target of the folder's `..data` symlink, or nil when it has none.
    private func generationLink() -> String? {
        guard let target = try? System.linkTarget(of: path + "/..data"), !target.isEmpty else { return nil }
        return target
    }

    /// A regular file's bytes. Opened without blocking and checked again once open, so a file
    /// swapped for a FIFO after it was listed can't hang the read.
    private static func contents(of path: String) -> Result<[UInt8], ReadFailure> {
        let descriptor: Int32
        do {
            descriptor = try System.openForReading(path)
        } catch {
            return .failure(.init("cannot read the file: \(error.reason)"))
        }
        defer { System.close(descriptor) }
        guard (try? System.status(of: descriptor))?.kind == .regular else { return .failure(.init("not a regular file")) }
        do {
            return .success(try System.readToEnd(descriptor))
        } catch {
            return .failure(.init("cannot read the file: \(error.reason)"))
        }
    }
}

/// The Pages folder could not be listed or read (distinct from a validation problem): each
/// entry that could not be read, as `file:$: message`.
struct PagesFolderError: Error, Sendable {
    let problems: [ValidationProblem]
}
