import Foundation

/// A temporary folder laid out as the kubelet mounts a ConfigMap, and updated the way the
/// kubelet's atomic writer updates one: every version in a hidden timestamped directory,
/// `..data` a symlink to the current one, and each top-level name a symlink through `..data`.
/// One thread updates it at a time (as one kubelet does); any may read its folder.
final class KubeletVolume: @unchecked Sendable {
    let path: String
    private var version = 0
    private var current: String?

    /// A volume holding `files` (relative path to text) as its first version.
    init(files: [String: String]) throws {
        path = NSTemporaryDirectory() + "trellis-configmap-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try update(files)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Publishes `files` as the next version, in the kubelet's order: write a new timestamped
    /// directory, point `..data_tmp` at it, rename `..data_tmp` over `..data` (the atomic
    /// step), add the top-level links that are new, remove the ones no longer used, and
    /// remove the old directory.
    func update(_ files: [String: String]) throws {
        version += 1
        let directory = String(format: "..2026_11_23_21_00_%02d.%09d", version % 60, version)
        for (relative, text) in files {
            let url = URL(fileURLWithPath: path + "/" + directory + "/" + relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try check(symlink(directory, path + "/..data_tmp"), "symlink ..data_tmp")
        try check(rename(path + "/..data_tmp", path + "/..data"), "rename ..data_tmp")
        let visible = Set(files.keys.map { String($0.split(separator: "/")[0]) })
        for name in visible where (try? FileManager.default.destinationOfSymbolicLink(atPath: path + "/" + name)) == nil {
            try check(symlink("..data/" + name, path + "/" + name), "symlink \(name)")
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: path) where !name.hasPrefix("..") && !visible.contains(name) {
            try FileManager.default.removeItem(atPath: path + "/" + name)
        }
        if let current { try FileManager.default.removeItem(atPath: path + "/" + current) }
        current = directory
    }

    /// The JSON files of a folder (the sample Pages/ by default), keyed by relative path.
    static func files(of folder: String = ServerProcess.packageRoot + "/Pages") throws -> [String: String] {
        var files: [String: String] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: folder)! where relative.hasSuffix(".json") {
            files[relative] = try String(contentsOfFile: folder + "/" + relative, encoding: .utf8)
        }
        return files
    }

    private func check(_ result: Int32, _ what: String) throws {
        if result != 0 { throw TestFailure("\(what) failed: errno \(errno)") }
    }
}
