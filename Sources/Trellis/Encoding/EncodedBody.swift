import SDUI

/// What a page body is sent as, worked out in one pass over its bytes: its strong entity tag
/// (SPEC §4.2: a hash of the uncompressed body) and, when asked, its gzip form. Each slice of
/// the body is hashed just before zlib reads it, so the bytes come into the CPU's cache once.
struct EncodedBody {
    /// The strong tag of the body, the same as `ETag.strong(for:)`.
    let etag: String
    /// The body as one gzip member; nil when not asked or when zlib failed (identity only).
    let gzip: [UInt8]?

    /// Tags `body` and, with `gzip`, compresses it at `level`.
    init(_ body: [UInt8], gzip wantsGzip: Bool, level: Int32 = Gzip.cachedLevel) {
        if wantsGzip {
            var hasher = SHA256.Hasher()
            if let compressed = try? Gzip.compress(body, level: level, observing: { hasher.update($0) }) {
                etag = hasher.finalize(ETag.strong(digest:))
                gzip = compressed
                return
            }
        }
        etag = ETag.strong(for: body)
        gzip = nil
    }
}
