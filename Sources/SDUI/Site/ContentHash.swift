/// The version of a Pages folder: SHA-256 over every file's path and bytes in path order,
/// as lowercase hex. Stable across processes and replicas.
enum ContentHash {
    static func of(_ files: [String: [UInt8]]) -> String {
        var input: [UInt8] = []
        for path in files.keys.sorted() {
            let bytes = files[path]!
            input.append(contentsOf: path.utf8)
            input.append(0)
            withUnsafeBytes(of: UInt64(bytes.count).bigEndian) { input.append(contentsOf: $0) }
            input.append(contentsOf: bytes)
        }
        return SHA256.hex(SHA256.digest(input))
    }
}

extension ContentHash {
    /// Per template of `names`, a hash of its own file (`pages/<name>.json`) and every file
    /// outside `pages/` (catalog, rollout, sources, fragments, data, strings): a reload that
    /// leaves it unchanged leaves what the template serves unchanged. Coarse on purpose: a
    /// fragment or data edit changes every template's, so a purge never misses a page.
    static func fingerprints(_ files: [String: [UInt8]], templates names: some Sequence<String>) -> [String: String] {
        let shared = Array(of(files.filter { !$0.key.hasPrefix("pages/") }).utf8)
        return Dictionary(uniqueKeysWithValues: names.map { name in
            (name, of(["shared": shared, "page": files["pages/\(name).json"] ?? []]))
        })
    }
}
