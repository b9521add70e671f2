import Foundation

/// The Pages/ folder on disk: reads every `.json` file under it into memory, keyed by its
/// path relative to the folder (`pages/home.json`), for `Site.load`.
///
/// Hidden files and anything not ending in `.json` are skipped, so an editor's swap and
/// backup files (`.home.json.swp`, `home.json~`) never reach validation.
struct PagesFolder: Sendable {
    /// The folder's absolute path, without a trailing slash.
    let path: String

    init(path: String) {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        self.path = URL(fileURLWithPath: absolute).standardizedFileURL.path
    }

    /// The relative paths of the folder's JSON files, sorted.
    func jsonFiles() throws(PagesFolderError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PagesFolderError(message: "\(path): no such directory")
        }
        guard let enumerator = FileManager.default.enumerator(atPath: path) else {
            throw PagesFolderError(message: "\(path): cannot list the directory")
        }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeDirectory { enumerator.skipDescendants() }
                continue
            }
            guard relative.hasSuffix(".json"),
                  enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular else { continue }
            files.append(relative)
        }
        return files.sorted()
    }

    /// Every JSON file's bytes, keyed by relative path.
    func read() throws(PagesFolderError) -> [String: [UInt8]] {
        var contents: [String: [UInt8]] = [:]
        for relative in try jsonFiles() {
            guard let data = FileManager.default.contents(atPath: path + "/" + relative) else {
                throw PagesFolderError(message: "\(relative): cannot read the file")
            }
            contents[relative] = Array(data)
        }
        return contents
    }
}

/// The Pages folder could not be listed or read (distinct from a validation problem).
struct PagesFolderError: Error, Sendable, CustomStringConvertible {
    let message: String
    var description: String { message }
}
