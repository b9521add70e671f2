import COpenSSL

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
        var digest = [UInt8](repeating: 0, count: 32)
        input.withUnsafeBytes { raw in
            digest.withUnsafeMutableBufferPointer { out in
                _ = copenssl_sha256(raw.baseAddress, raw.count, out.baseAddress)
            }
        }
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in digest {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
