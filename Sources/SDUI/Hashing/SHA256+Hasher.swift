import COpenSSL

extension SHA256 {
    /// SHA-256 fed in pieces: the same digest as `SHA256.digest` of the pieces joined, for a
    /// caller that already walks the bytes (the ETag, hashed while the body is gzipped).
    public struct Hasher {
        private var context = SHA256_CTX()

        /// A hasher that has seen no bytes yet.
        public init() {
            precondition(copenssl_sha256_init(&context) == 1, "SHA-256 failed")
        }

        /// Feeds `bytes`, after those fed before.
        public mutating func update(_ bytes: UnsafeRawBufferPointer) {
            precondition(copenssl_sha256_update(&context, bytes.baseAddress, bytes.count) == 1, "SHA-256 failed")
        }

        /// The 32-byte digest of everything fed; the hasher is spent afterwards.
        public mutating func finalize() -> [UInt8] {
            var digest = [UInt8](repeating: 0, count: 32)
            let ok = digest.withUnsafeMutableBufferPointer { copenssl_sha256_final(&context, $0.baseAddress) }
            precondition(ok == 1, "SHA-256 failed")
            return digest
        }
    }
}
