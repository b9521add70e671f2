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

        /// `body` of the 32-byte digest of everything fed, on the stack (no array is made for
        /// it: an ETag reads 16 bytes of it once); the hasher is spent afterwards.
        public mutating func finalize<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digest in
                precondition(copenssl_sha256_final(&context, digest.baseAddress) == 1, "SHA-256 failed")
                return body(UnsafeBufferPointer(digest))
            }
        }
    }
}
