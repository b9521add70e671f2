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
